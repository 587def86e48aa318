import ruCommon from './locales/ru/common.json';
import ruSession from './locales/ru/session.json';
import ruShell from './locales/ru/shell.json';
import type { FeatureResources } from './generated/feature-resources';

/**
 * Russian is the default and fallback, so the namespaces the login page and the shell
 * need at once are bundled in Russian; their Kyrgyz and English copies load on demand.
 */
export const ruResources = { common: ruCommon, session: ruSession, shell: ruShell };

// Every other Russian locale file is a feature namespace, typed in generated/feature-resources.ts
// (scripts/generate-namespaces.mjs, run by `pnpm generate`).
export type BundledNamespace = keyof typeof ruResources;
export type FeatureNamespace = keyof FeatureResources;
export type Resources = typeof ruResources & FeatureResources;
export type Namespace = keyof Resources;

/** The bundled namespaces, loaded at start-up. */
export const NAMESPACES = Object.keys(ruResources) as BundledNamespace[];
