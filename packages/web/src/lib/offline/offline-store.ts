import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import {
  removeOldestQuery,
  type PersistedClient,
  type Persister,
} from '@tanstack/react-query-persist-client';
import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * Where lib/offline/offline-cache.ts keeps each user's snapshot: IndexedDB, one entry per user. (It loads
 * with the shell chunk, app/shell-chunk.ts: the login page does not need it.)
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

type KeptQuery = PersistedClient['clientState']['queries'][number];

/**
 * What a snapshot keeps of a query: its last answer, dated by when it arrived. A refresh that
 * failed after it is not kept (the next page load asks again anyway), so the answer is restored as
 * an answer, not as a failure. A paged list (news, chat) is kept with its first page: what opens
 * first, and small.
 */
function keptAnswer(query: KeptQuery): KeptQuery {
  let { state } = query;
  if (state.status === 'error' && state.data !== undefined) {
    state = { ...state, status: 'success', error: null, fetchFailureReason: null };
  }
  const { data } = state;
  if (isPages(data) && data.pages.length > 1) {
    const first: Pages = { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) };
    state = { ...state, data: first };
  }
  return state === query.state ? query : { ...query, state };
}

/** The snapshot as it is stored: each kept query's last answer (see keptAnswer). */
export function keptAnswers(client: PersistedClient): PersistedClient {
  const queries = client.clientState.queries.map(keptAnswer);
  return { ...client, clientState: { ...client.clientState, queries } };
}

/** A save that brings no new answer (a fetch starting, a query marked stale) waits this long. */
const QUIET_SAVE_MS = 1_000;

/** What a snapshot holds: each kept query with when its data arrived. */
const answersIn = (client: PersistedClient) =>
  client.clientState.queries
    .map((query) => `${query.queryHash}@${query.state.dataUpdatedAt}`)
    .join('\n');

/**
 * One save at a time, always of the latest snapshot: one that brings a new answer (or drops a
 * query) goes as soon as the save before it is done, so a reload right after the answer finds it;
 * one that only changes a query's status waits up to QUIET_SAVE_MS, with whatever came after it.
 * Timed by timers, never by the clock: a clock set back, or held still, must not stop the saving.
 */
function saveInTurn(save: (client: PersistedClient) => Promise<void>) {
  let saved = '';
  let latest: PersistedClient | null = null;
  let saving = false;
  let quiet: ReturnType<typeof setTimeout> | undefined;

  const flush = async () => {
    clearTimeout(quiet);
    quiet = undefined;
    if (saving || !latest) return;
    const client = latest;
    latest = null;
    saving = true;
    try {
      await save(client);
      saved = answersIn(client);
    } finally {
      saving = false;
    }
    next();
  };
  const next = () => {
    if (!latest) return;
    if (answersIn(latest) !== saved) void flush();
    else quiet ??= setTimeout(() => void flush(), QUIET_SAVE_MS);
  };
  return (client: PersistedClient) => {
    latest = client;
    next();
  };
}

/**
 * How many times every snapshot was forgotten. A persister made before the latest forgetting
 * writes nothing more: nothing of a person is written back once they signed out.
 */
let forgotten = 0;

/** One user's snapshot, saved in turn as data arrives; without IndexedDB, nothing is kept. */
export function userPersister(uid: number): Persister {
  const store = offlineStore();
  const session = forgotten;
  const persister = createAsyncStoragePersister({
    key: `user-${uid}`,
    storage: store && {
      getItem: (key) => get<string>(key, store).then((value) => value ?? null),
      setItem: (key, value: string) =>
        forgotten === session ? set(key, value, store) : Promise.resolve(),
      removeItem: (key) => del(key, store),
    },
    serialize: (client) => JSON.stringify(keptAnswers(client)),
    // A full disk: the oldest queries go first.
    retry: removeOldestQuery,
    // saveInTurn paces the saves; the library's own pacing reads the clock.
    throttleTime: 0,
  });
  return {
    ...persister,
    persistClient: saveInTurn(async (client) => persister.persistClient(client)),
  };
}

/** Every user's snapshot goes (logout, a refused session). */
export async function forgetOfflineData(): Promise<void> {
  forgotten += 1;
  const store = offlineStore();
  if (store) await clear(store).catch(() => undefined);
}
