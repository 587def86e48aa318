import type { Language } from './languages';
import { NAMESPACES, type BundledNamespace, type FeatureNamespace } from './resources';

type Loader = () => Promise<{ default: Record<string, unknown> }>;

/**
 * Every translation file is found here by its place, locales/<language>/<namespace>.json, so a new
 * namespace needs its three files and `pnpm generate` (which types it from the Russian file in
 * generated/feature-resources.ts), nothing else. Each file is a small chunk fetched when needed:
 * Kyrgyz and English when chosen, every feature namespace (Russian too) with its screen. The
 * Russian namespaces the login page and the shell need at once are bundled (resources.ts), so they
 * are not among the lazy ones. The translations' tests check that kg and en carry every Russian
 * namespace and key, and that the generated types are fresh.
 */
const FILES = import.meta.glob<{ default: Record<string, unknown> }>([
  './locales/*/*.json',
  '!./locales/ru/{common,session,shell}.json',
]);

const loadersOf = (language: Language): Record<string, Loader> =>
  Object.fromEntries(
    Object.entries(FILES)
      .filter(([path]) => path.startsWith(`./locales/${language}/`))
      .map(([path, load]) => [path.slice(`./locales/${language}/`.length, -'.json'.length), load]),
  );

export const LAZY_LOCALES: Readonly<Record<Language, Partial<Record<string, Loader>>>> = {
  ru: loadersOf('ru'),
  kg: loadersOf('kg'),
  en: loadersOf('en'),
};

/** The feature namespaces: every Russian file that is not bundled. */
export const FEATURE_NAMESPACES = Object.keys(LAZY_LOCALES.ru)
  .filter((name) => !NAMESPACES.includes(name as BundledNamespace))
  .sort() as FeatureNamespace[];
