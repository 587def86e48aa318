import ruCommon from './locales/ru/common.json';
import ruSession from './locales/ru/session.json';
import ruShell from './locales/ru/shell.json';

/**
 * Russian is the default and fallback (section 9), so it is bundled; its JSON also types every
 * key. Kyrgyz and English load on demand (see locales.ts), so the entry carries one language.
 */
export const ruResources = { common: ruCommon, session: ruSession, shell: ruShell };

export type Resources = typeof ruResources;
export type Namespace = keyof Resources;

export const NAMESPACES = Object.keys(ruResources) as Namespace[];
