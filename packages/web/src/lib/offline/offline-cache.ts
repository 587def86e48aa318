import { defaultShouldDehydrateQuery, type Query, type QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { userPersister } from './offline-store';

/** Logout (and a refused session) leaves nothing of anyone's data on the device. */
export { forgetOfflineData } from './offline-store';

/**
 * The last data a user read, kept on this device (IndexedDB, lib/offline/offline-store.ts) so the portal
 * opens on it without a network: TanStack Query's persistence, one snapshot per user. A query
 * takes part when its options spread `KEPT_OFFLINE`; a screen shows such data with when it was
 * last synced (`StaleNotice` in components/ui).
 */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { offline?: boolean };
  }
}

/** How long kept data stays usable: a semester's schedule outlives a few days without a network. */
export const OFFLINE_MAX_AGE = 30 * 24 * 60 * 60 * 1000;

/**
 * Spread into a query's options to keep its data offline. Such a query also stays in memory for
 * the session (gcTime): a query dropped from the cache would be dropped from the next snapshot.
 * (Infinity, not the max age: a timer of more than 2^31 ms fires at once.)
 */
export const KEPT_OFFLINE = { meta: { offline: true }, gcTime: Infinity } as const;

/** Raised when the kept data's shape changes, so an older snapshot is not read into a newer app. */
const SNAPSHOT_VERSION = '1';

/**
 * A query asking to be kept is kept while it has data: a refresh that failed leaves the last answer
 * on screen, and the next snapshot keeps it too (as that answer, see keptAnswers).
 */
const isKept = (query: Query) =>
  query.meta?.offline === true &&
  (defaultShouldDehydrateQuery(query) || query.state.data !== undefined);

export interface OfflinePersistence {
  persistOptions: Omit<PersistQueryClientOptions, 'queryClient'>;
  /**
   * Kept data shows at once and is still asked for again, as on any page load: every query the
   * snapshot brought is marked stale, whatever its staleTime (data already fetched in this page,
   * e.g. by the warm start, is newer than the snapshot and stays as it is).
   */
  onRestored(queryClient: QueryClient): void;
}

/**
 * The persistence of one user's data: restored when the shell opens (queries wait for it), saved
 * as each answer arrives (lib/offline/offline-store.ts paces the saves).
 */
export function offlinePersistence(uid: number): OfflinePersistence {
  const persister = userPersister(uid);
  let savedAt = 0;
  return {
    persistOptions: {
      persister: {
        ...persister,
        restoreClient: async () => {
          const snapshot = await persister.restoreClient();
          savedAt = snapshot?.timestamp ?? 0;
          return snapshot;
        },
      },
      maxAge: OFFLINE_MAX_AGE,
      buster: SNAPSHOT_VERSION,
      dehydrateOptions: { shouldDehydrateQuery: isKept },
      // Restored queries no screen has opened yet stay too, for the next snapshot.
      hydrateOptions: { defaultOptions: { queries: { gcTime: Infinity } } },
    },
    onRestored: (queryClient) =>
      void queryClient.invalidateQueries({
        predicate: ({ state }) => state.dataUpdatedAt > 0 && state.dataUpdatedAt <= savedAt,
        refetchType: 'none',
      }),
  };
}
