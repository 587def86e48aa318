import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  removeOldestQuery,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * Where lib/offline-cache.ts keeps each user's snapshot: IndexedDB, one entry per user. (It loads
 * with the way in, app/way-in.ts: the login page does not need it.)
 */
const DATABASE = 'lms-offline';

let database: UseStore | null | undefined;

function offlineStore(): UseStore | null {
  if (database === undefined) {
    try {
      database = typeof indexedDB === 'undefined' ? null : createStore(DATABASE, 'snapshots');
    } catch {
      database = null;
    }
  }
  return database;
}

interface Pages {
  pages: unknown[];
  pageParams: unknown[];
}

const isPages = (data: unknown): data is Pages =>
  typeof data === 'object' &&
  data !== null &&
  Array.isArray((data as Pages).pages) &&
  Array.isArray((data as Pages).pageParams);

/** A paged list (news, chat) is kept with its first page: what opens first, and small. */
export function firstPagesOnly(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map((query) => {
    const { data } = query.state;
    if (!isPages(data) || data.pages.length <= 1) return query;
    const first: Pages = { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) };
    return { ...query, state: { ...query.state, data: first } };
  });
  return { ...client, clientState: { ...client.clientState, queries } };
}

/** One user's snapshot, saved at most once a second; without IndexedDB, nothing is kept. */
export function userPersister(uid: number): Persister {
  const store = offlineStore();
  return createAsyncStoragePersister({
    key: `user-${uid}`,
    storage: store && {
      getItem: (key) => get<string>(key, store).then((value) => value ?? null),
      setItem: (key, value: string) => set(key, value, store),
      removeItem: (key) => del(key, store),
    },
    serialize: (client) => JSON.stringify(firstPagesOnly(client)),
    // A full disk: the oldest queries go first.
    retry: removeOldestQuery,
  });
}

/** Every user's snapshot goes (logout, a refused session). */
export async function forgetOfflineData(): Promise<void> {
  const store = offlineStore();
  if (store) await clear(store).catch(() => undefined);
}
