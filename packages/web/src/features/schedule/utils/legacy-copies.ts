import { localStorageArea } from '../../../lib/offline/storage';

/** Where older versions kept a copy of each schedule: `schedule:<uid>:<role>:<year>:<ws>`. */
const LEGACY_PREFIX = 'schedule:';

/**
 * The schedule is kept offline only with the rest of the user's data (lib/offline/offline-cache.ts): the
 * copies older versions left in local storage are removed, so none outlives the version that wrote it.
 */
export function forgetLegacyScheduleCopies(): void {
  const store = localStorageArea();
  if (!store) return;
  try {
    const stale: string[] = [];
    for (let index = 0; index < store.length; index++) {
      const key = store.key(index);
      if (key?.startsWith(LEGACY_PREFIX)) stale.push(key);
    }
    for (const key of stale) store.removeItem(key);
  } catch {
    // Disabled storage holds no copies either.
  }
}
