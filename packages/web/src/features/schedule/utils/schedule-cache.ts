import type { ScheduleLesson } from './week';
import { localStorageArea } from '../../../lib/storage';

/**
 * Cached schedules are kept in local storage per user, role, year and ws, with a
 * timestamp; an entry holds uid, role, year, ws, date and schedule. Logout clears all local
 * storage, so a cache never outlives its user's session on this browser.
 */
export interface CachedSchedule {
  uid: number;
  role: number;
  year: number;
  ws: number;
  /** When the schedule was fetched, as an ISO 8601 timestamp. */
  date: string;
  schedule: ScheduleLesson[];
}

export interface ScheduleCacheKey {
  uid: number;
  role: number;
  year: number;
  ws: number;
}

const PREFIX = 'schedule';

export function scheduleCacheKey({ uid, role, year, ws }: ScheduleCacheKey): string {
  return `${PREFIX}:${uid}:${role}:${year}:${ws}`;
}

function isCachedSchedule(value: unknown): value is CachedSchedule {
  if (!value || typeof value !== 'object') return false;
  const entry = value as Record<string, unknown>;
  return (
    ['uid', 'role', 'year', 'ws'].every((field) => Number.isInteger(entry[field])) &&
    typeof entry.date === 'string' &&
    !Number.isNaN(Date.parse(entry.date)) &&
    Array.isArray(entry.schedule)
  );
}

function parse(text: string | null): CachedSchedule | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return isCachedSchedule(value) ? value : null;
  } catch {
    return null;
  }
}

/** The stored schedule of a user, role, year and ws, or null (none, unreadable or malformed). */
export function readCachedSchedule(key: ScheduleCacheKey): CachedSchedule | null {
  try {
    const entry = parse(localStorageArea()?.getItem(scheduleCacheKey(key)) ?? null);
    const matches =
      entry?.uid === key.uid &&
      entry.role === key.role &&
      entry.year === key.year &&
      entry.ws === key.ws;
    return matches ? entry : null;
  } catch {
    return null;
  }
}

export function writeCachedSchedule(entry: CachedSchedule): void {
  try {
    localStorageArea()?.setItem(scheduleCacheKey(entry), JSON.stringify(entry));
  } catch {
    // Full or disabled storage: the schedule still shows, it is just not kept for next time.
  }
}

/**
 * The most recently fetched schedule of a user in a role, whatever its year and ws: what the
 * screen can still show when even the current year and ws cannot be asked for.
 */
export function readLatestCachedSchedule(uid: number, role: number): CachedSchedule | null {
  const store = localStorageArea();
  if (!store) return null;
  const prefix = `${PREFIX}:${uid}:${role}:`;
  let latest: CachedSchedule | null = null;
  try {
    for (let index = 0; index < store.length; index++) {
      const key = store.key(index);
      if (!key?.startsWith(prefix)) continue;
      const entry = parse(store.getItem(key));
      if (entry && (!latest || Date.parse(entry.date) > Date.parse(latest.date))) latest = entry;
    }
  } catch {
    return latest;
  }
  return latest;
}
