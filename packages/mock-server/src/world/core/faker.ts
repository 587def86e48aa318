// The one faker instance of the world: the prebuilt Russian one (`new Faker({ locale: [ru, en,
// base] })`, two locales rather than seventy). It is loaded the first time the world draws from
// it (the first slice built, at the first login), not at start-up: the server answers its first
// request without evaluating faker's ~650 KB of code and data, and dist/main.js leaves the package
// to node (`require` of an ES module, Node ≥ 20.19), which loads it in ~20 ms. The store seeds it
// before building each slice.
import { createRequire } from 'node:module';
import type { Faker } from '@faker-js/faker';

interface FakerModule {
  faker: Faker;
}

let instance: Faker | undefined;
const load = () =>
  (instance ??= (createRequire(import.meta.url)('@faker-js/faker/locale/ru') as FakerModule).faker);

/** The parts of faker the world uses; the first use of any loads faker. */
export const faker: Pick<Faker, 'helpers' | 'number' | 'date' | 'person' | 'seed'> = {
  get helpers() {
    return load().helpers;
  },
  get number() {
    return load().number;
  },
  get date() {
    return load().date;
  },
  get person() {
    return load().person;
  },
  seed: ((seed?: number | number[]) => load().seed(seed as number)) as Faker['seed'],
};
