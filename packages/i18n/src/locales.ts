import type { Language } from './languages';
import type { Namespace, Resources } from './resources';

type NamespaceLoaders = { [N in Namespace]: () => Promise<{ default: Resources[N] }> };

/**
 * One small chunk per language and namespace, fetched when that language is chosen. Typing each
 * loader with the Russian shape makes a missing key in kg or en a compile error.
 */
export const LAZY_LOCALES: Record<Exclude<Language, 'ru'>, NamespaceLoaders> = {
  kg: {
    common: () => import('./locales/kg/common.json'),
    session: () => import('./locales/kg/session.json'),
    shell: () => import('./locales/kg/shell.json'),
  },
  en: {
    common: () => import('./locales/en/common.json'),
    session: () => import('./locales/en/session.json'),
    shell: () => import('./locales/en/shell.json'),
  },
};
