import type { BundledNamespace, FeatureNamespace, Resources } from './resources';

/**
 * A translation of a Russian namespace: every key, but the plural forms only Russian has
 * (`_few`, `_many`); Kyrgyz and English need `_one` and `_other`.
 */
type Translated<T> = T extends string
  ? string
  : { [K in keyof T as K extends `${string}_${'few' | 'many'}` ? never : K]: Translated<T[K]> };
type Loaders<N extends keyof Resources> = {
  [K in N]: () => Promise<{ default: Translated<Resources[K]> }>;
};

const kgFeatures: Loaders<FeatureNamespace> = {
  news: () => import('./locales/kg/news.json'),
  profile: () => import('./locales/kg/profile.json'),
  password: () => import('./locales/kg/password.json'),
  'payment-code': () => import('./locales/kg/payment-code.json'),
  schedule: () => import('./locales/kg/schedule.json'),
  apps: () => import('./locales/kg/apps.json'),
  chat: () => import('./locales/kg/chat.json'),
  publication: () => import('./locales/kg/publication.json'),
  'study-materials': () => import('./locales/kg/study-materials.json'),
  'e-library': () => import('./locales/kg/e-library.json'),
  journal: () => import('./locales/kg/journal.json'),
  'discipline-registration': () => import('./locales/kg/discipline-registration.json'),
  'document-orders': () => import('./locales/kg/document-orders.json'),
};
const enFeatures: Loaders<FeatureNamespace> = {
  news: () => import('./locales/en/news.json'),
  profile: () => import('./locales/en/profile.json'),
  password: () => import('./locales/en/password.json'),
  'payment-code': () => import('./locales/en/payment-code.json'),
  schedule: () => import('./locales/en/schedule.json'),
  apps: () => import('./locales/en/apps.json'),
  chat: () => import('./locales/en/chat.json'),
  publication: () => import('./locales/en/publication.json'),
  'study-materials': () => import('./locales/en/study-materials.json'),
  'e-library': () => import('./locales/en/e-library.json'),
  journal: () => import('./locales/en/journal.json'),
  'discipline-registration': () => import('./locales/en/discipline-registration.json'),
  'document-orders': () => import('./locales/en/document-orders.json'),
};

/**
 * One small chunk per language and namespace, fetched when needed: Kyrgyz and English when chosen,
 * every feature namespace (Russian too) with its screen. Typing each loader with the Russian shape
 * makes a missing key in kg or en a compile error.
 */
export const LAZY_LOCALES: {
  ru: Loaders<FeatureNamespace>;
  kg: Loaders<BundledNamespace | FeatureNamespace>;
  en: Loaders<BundledNamespace | FeatureNamespace>;
} = {
  ru: {
    news: () => import('./locales/ru/news.json'),
    profile: () => import('./locales/ru/profile.json'),
    password: () => import('./locales/ru/password.json'),
    'payment-code': () => import('./locales/ru/payment-code.json'),
    schedule: () => import('./locales/ru/schedule.json'),
    apps: () => import('./locales/ru/apps.json'),
    chat: () => import('./locales/ru/chat.json'),
    publication: () => import('./locales/ru/publication.json'),
    'study-materials': () => import('./locales/ru/study-materials.json'),
    'e-library': () => import('./locales/ru/e-library.json'),
    journal: () => import('./locales/ru/journal.json'),
    'discipline-registration': () => import('./locales/ru/discipline-registration.json'),
    'document-orders': () => import('./locales/ru/document-orders.json'),
  },
  kg: {
    common: () => import('./locales/kg/common.json'),
    session: () => import('./locales/kg/session.json'),
    shell: () => import('./locales/kg/shell.json'),
    ...kgFeatures,
  },
  en: {
    common: () => import('./locales/en/common.json'),
    session: () => import('./locales/en/session.json'),
    shell: () => import('./locales/en/shell.json'),
    ...enFeatures,
  },
};

export const FEATURE_NAMESPACES = Object.keys(LAZY_LOCALES.ru) as FeatureNamespace[];
