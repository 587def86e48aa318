// Dates as the contract shows them: ISO 8601 in Bishkek time (UTC+6, no daylight saving).
export const HOUR_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * HOUR_MS;
const BISHKEK_OFFSET_MS = 6 * HOUR_MS;

/** «2026-11-20T09:15:00+06:00». */
export const toBishkekIso = (date: Date) =>
  `${new Date(date.getTime() + BISHKEK_OFFSET_MS).toISOString().slice(0, 19)}+06:00`;

/** The instant (ms) that Bishkek's day holding `ms` began. */
export const startOfBishkekDay = (ms: number) =>
  Math.floor((ms + BISHKEK_OFFSET_MS) / DAY_MS) * DAY_MS - BISHKEK_OFFSET_MS;

/** «2026-11-20» in Bishkek. */
export const toBishkekDate = (date: Date) => toBishkekIso(date).slice(0, 10);

/** The default "now" of the world, so one seed gives the same answers on any day. */
export const DEFAULT_NOW = new Date('2026-11-20T09:00:00+06:00');
