import type { PortalConfig } from '../../../lib/shell-session';

const isPositiveNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

/**
 * /config.json is a static file that people edit by hand, so the portal takes from it only the
 * fields that make sense and keeps its defaults for the rest (the translated portal name, no
 * upload limit shown) rather than failing to render over a typo. What it drops, it logs.
 */
export function parsePortalConfig(raw: unknown): PortalConfig {
  const source: Record<string, unknown> =
    raw !== null && typeof raw === 'object' && !Array.isArray(raw)
      ? (raw as Record<string, unknown>)
      : {};
  const config: PortalConfig = {};
  if (typeof source.name === 'string' && source.name.trim()) config.name = source.name.trim();
  if (isPositiveNumber(source.maxSizeMb)) config.maxSizeMb = source.maxSizeMb;
  if (typeof source.apiBase === 'string') config.apiBase = source.apiBase;
  const ignored = ['name', 'maxSizeMb', 'apiBase'].filter(
    (field) => field in source && !(field in config),
  );
  if (ignored.length > 0 || source !== raw) {
    console.warn('/config.json: ignored invalid', ignored.length ? ignored.join(', ') : 'content');
  }
  return config;
}
