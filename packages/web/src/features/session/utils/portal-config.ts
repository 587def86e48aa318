import { SUPPORTED_LANGUAGES, type Language } from '@lms/i18n';
import type { PortalConfig } from '../../../lib/session/shell-session';

const isPositiveNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

const nonEmpty = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** `names`: the non-empty names of the portal's languages; other entries are dropped. */
function parseNames(value: unknown): PortalConfig['names'] {
  if (!isObject(value)) return undefined;
  const names: NonNullable<PortalConfig['names']> = {};
  for (const language of SUPPORTED_LANGUAGES) {
    const name = nonEmpty(value[language]);
    if (name) names[language] = name;
  }
  return Object.keys(names).length > 0 ? names : undefined;
}

/**
 * /config.json is a static file that people edit by hand, so the portal takes from it only the
 * fields that make sense and keeps its defaults for the rest (the translated portal name, no
 * upload limit shown) rather than failing to render over a typo. What it drops, it logs.
 */
export function parsePortalConfig(raw: unknown): PortalConfig {
  const source = isObject(raw) ? raw : {};
  const config: PortalConfig = {};
  const name = nonEmpty(source.name);
  if (name) config.name = name;
  const names = parseNames(source.names);
  if (names) config.names = names;
  if (isPositiveNumber(source.maxSizeMb)) config.maxSizeMb = source.maxSizeMb;
  if (typeof source.apiBase === 'string') config.apiBase = source.apiBase;
  const percent = source.absenceWarningPercent;
  if (typeof percent === 'number' && Number.isFinite(percent) && percent >= 0 && percent <= 100) {
    config.absenceWarningPercent = percent;
  }
  const ignored = ['name', 'names', 'maxSizeMb', 'apiBase', 'absenceWarningPercent'].filter(
    (field) => field in source && !(field in config),
  );
  if (ignored.length > 0 || source !== raw) {
    console.warn('/config.json: ignored invalid', ignored.length ? ignored.join(', ') : 'content');
  }
  return config;
}

/**
 * The portal's name in the interface language: the config's name for that language, else its
 * `name`, else (no usable config) the translated fallback.
 */
export function portalNameIn(
  language: Language,
  config: PortalConfig | undefined,
  fallback: string,
): string {
  return config?.names?.[language] ?? config?.name ?? fallback;
}
