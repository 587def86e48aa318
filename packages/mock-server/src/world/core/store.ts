// The in-memory world: named slices built lazily from the seed, mutated by writes, forgotten by
// reset(). A slice is built the first time a handler asks for it, so start-up does no world work
// and a large --scale costs nothing until it is used.
import { faker } from './faker.js';
import { hash } from './random.js';
import { UploadDir } from './uploads.js';

/** Default of WorldOptions.maxWritten. */
export const MAX_WRITTEN_PER_COLLECTION = 2000;

interface WorldOptions {
  seed: number;
  /** Multiplies the population (groups, teachers, students, news, …). */
  scale: number;
  /**
   * The growth world's multiplier (core/growth.ts): books, the demo group's students and dates,
   * the demo conversation; 0 (default) for the usual world.
   */
  growth?: number;
  /** The "now" of the world: seeded dates lie before it, writes after it. */
  now: Date;
  /**
   * `frozen` (default): `now` never moves and each write is one second after the previous one, so
   * one seed gives byte-identical answers on any day (tests). `live`: the world is anchored to the
   * real time it was built at (and re-anchored by reset), and writes carry the real time.
   */
  clock?: 'frozen' | 'live';
  /**
   * Records that writes may add to one collection beyond its seed (news items, chat messages);
   * past it the oldest written ones go, so memory levels off however long the server runs.
   */
  maxWritten?: number;
}

interface WorldContext extends WorldOptions {
  /** Another slice (built on demand); a build may call it at any point. */
  get<T>(slice: Slice<T>): T;
}

export interface Slice<T> {
  readonly name: string;
  readonly build: (world: WorldContext) => T;
}

const sliceNames = new Set<string>();

/** Declares a slice; `build` uses the shared `faker`, which the store has seeded for it. */
export function defineSlice<T>(name: string, build: (world: WorldContext) => T): Slice<T> {
  if (sliceNames.has(name)) throw new Error(`Two world slices are named "${name}"`);
  sliceNames.add(name);
  return { name, build };
}

export class Store implements WorldOptions {
  readonly seed: number;
  readonly scale: number;
  readonly growth: number;
  readonly clock: 'frozen' | 'live';
  readonly maxWritten: number;
  /** Where this world's uploads are kept (on disk). */
  readonly uploads = new UploadDir();
  #now: Date;
  #lastWrite = 0;
  readonly #built = new Map<Slice<unknown>, unknown>();
  readonly #building = new Set<string>();
  #writes = 0;

  constructor({
    seed,
    scale,
    growth = 0,
    now,
    clock = 'frozen',
    maxWritten = MAX_WRITTEN_PER_COLLECTION,
  }: WorldOptions) {
    this.seed = seed;
    this.scale = scale;
    this.growth = growth;
    this.clock = clock;
    this.maxWritten = maxWritten;
    this.#now = now;
  }

  get now(): Date {
    return this.#now;
  }

  get<T>(slice: Slice<T>): T {
    if (this.#built.has(slice)) return this.#built.get(slice) as T;
    if (this.#building.has(slice.name)) throw new Error(`World slice "${slice.name}" needs itself`);
    this.#building.add(slice.name);
    try {
      const value = this.#build(slice);
      this.#built.set(slice, value);
      return value;
    } finally {
      this.#building.delete(slice.name);
    }
  }

  // Every slice draws from faker seeded with (seed, hash of its name), so each slice has its own
  // random sequence. After each get() inside a build the
  // sequence is re-seeded the same way whether or not that dependency had to be built, so a slice's
  // content never depends on which request happened to build what first.
  #build<T>(slice: Slice<T>): T {
    const salt = hash(slice.name);
    let step = 0;
    faker.seed([this.seed, salt, step]);
    return slice.build({
      seed: this.seed,
      scale: this.scale,
      growth: this.growth,
      now: this.now,
      get: (dependency) => {
        const value = this.get(dependency);
        faker.seed([this.seed, salt, ++step]);
        return value;
      },
    });
  }

  /** Back to the seeded world: every slice is rebuilt from the seed when next asked for. */
  reset() {
    this.#built.clear();
    this.uploads.clear();
    this.#writes = 0;
    this.#lastWrite = 0;
    // a live world is anchored again to the real time: the same world, relative to today
    if (this.clock === 'live') this.#now = new Date();
  }

  /**
   * The time of a write. Frozen: one second after the previous one, starting at `now`. Live: the
   * real time (a millisecond after the previous write at least, so writes keep their order).
   */
  tick(): Date {
    this.#writes += 1;
    if (this.clock === 'live') {
      this.#lastWrite = Math.max(Date.now(), this.#lastWrite + 1);
      return new Date(this.#lastWrite);
    }
    return new Date(this.now.getTime() + this.#writes * 1000);
  }
}
