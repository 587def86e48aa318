import { clear, createStore, del, delMany, get, keys, set, type UseStore } from 'idb-keyval';

/*
 * Where drafts live between page loads: one IndexedDB database, one entry per person and form
 * (`${owner}:${key}`), so a reload, a crash or the same person's next sign-in finds what they typed.
 * IndexedDB keeps Files and Blobs as they are, so attached files are kept too. Where IndexedDB is
 * missing, or refuses a value (a full disk, a value it cannot clone), the newest value is kept in
 * memory for this page instead. This module imports nothing but idb-keyval: the shell's sign-out
 * counts and forgets a person's drafts without loading any feature.
 */

export const DRAFTS_DATABASE = 'lms-drafts';

export interface DraftEntry<T = unknown> {
  owner: number;
  key: string;
  value: T;
  /** When it was written (ms since the epoch). */
  savedAt: number;
}

/** The newest entry of each id that IndexedDB did not take (or every entry, without IndexedDB). */
const memory = new Map<string, DraftEntry>();

let database: UseStore | null | undefined;

function persistent(): UseStore | null {
  if (database === undefined) {
    try {
      database = typeof indexedDB === 'undefined' ? null : createStore(DRAFTS_DATABASE, 'drafts');
    } catch {
      database = null;
    }
  }
  return database;
}

/**
 * Every read and write runs after the ones asked before it, so a deletion that follows a write
 * (a draft sent just after it was saved) is never overtaken by it.
 */
let turn: Promise<unknown> = Promise.resolve();
function inTurn<R>(operation: () => Promise<R>): Promise<R> {
  const run = turn.then(operation, operation);
  turn = run.catch(() => undefined);
  return run;
}

export const draftId = (owner: number, key: string) => `${owner}:${key}`;

const isEntry = (value: unknown): value is DraftEntry =>
  typeof value === 'object' && value !== null && 'owner' in value && 'value' in value;

/** The stored draft of one person's form, if there is one. */
export function readDraft<T>(owner: number, key: string): Promise<DraftEntry<T> | undefined> {
  return inTurn(async () => {
    const id = draftId(owner, key);
    const kept = memory.get(id);
    if (kept) return kept as DraftEntry<T>;
    const db = persistent();
    if (!db) return undefined;
    const stored = await get<unknown>(id, db).catch(() => undefined);
    return isEntry(stored) && stored.owner === owner ? (stored as DraftEntry<T>) : undefined;
  });
}

export function writeDraft(owner: number, key: string, value: unknown): Promise<void> {
  return inTurn(async () => {
    const id = draftId(owner, key);
    const entry: DraftEntry = { owner, key, value, savedAt: Date.now() };
    const db = persistent();
    try {
      if (!db) throw new Error('no IndexedDB');
      await set(id, entry, db);
      memory.delete(id);
    } catch {
      memory.set(id, entry);
    }
  });
}

export function removeDraft(owner: number, key: string): Promise<void> {
  return inTurn(async () => {
    const id = draftId(owner, key);
    memory.delete(id);
    const db = persistent();
    if (db) await del(id, db).catch(() => undefined);
  });
}

/**
 * The ids of one person's stored drafts (IndexedDB and memory, each once), found by their
 * `${owner}:` prefix without reading the drafts (and their files).
 */
async function idsOf(owner: number): Promise<string[]> {
  const prefix = draftId(owner, '');
  const ids = new Set<string>();
  for (const id of memory.keys()) if (id.startsWith(prefix)) ids.add(id);
  const db = persistent();
  if (db) {
    const stored = await keys(db).catch(() => []);
    for (const id of stored) if (typeof id === 'string' && id.startsWith(prefix)) ids.add(id);
  }
  return [...ids];
}

/**
 * A key under this prefix keeps where a form was (which of its drafts it opens on), not anything
 * typed: it goes with the person's drafts, and is not counted as one.
 */
export const PLACE_KEY_PREFIX = 'place:';

/** How many drafts one person has on this device (the shell asks before a sign-out). */
export function countDrafts(owner: number): Promise<number> {
  const places = draftId(owner, PLACE_KEY_PREFIX);
  return inTurn(async () => (await idsOf(owner)).filter((id) => !id.startsWith(places)).length);
}

/** One person's drafts go (a sign-out on a shared device); other people's stay. */
export function forgetDrafts(owner: number): Promise<void> {
  return inTurn(async () => {
    const ids = await idsOf(owner);
    for (const id of ids) memory.delete(id);
    const db = persistent();
    if (db && ids.length > 0) await delMany(ids, db).catch(() => undefined);
  });
}

/** Every person's drafts go: the device starts clean (tests start each case from one). */
export function forgetAllDrafts(): Promise<void> {
  return inTurn(async () => {
    memory.clear();
    const db = persistent();
    if (db) await clear(db).catch(() => undefined);
  });
}

const isFile = (value: object): value is Blob & { name?: string; lastModified?: number } =>
  typeof (value as Blob).size === 'number' &&
  typeof (value as Blob).type === 'string' &&
  typeof (value as Blob).slice === 'function';

/**
 * Whether two drafts hold the same: plain data compared field by field, files by name, size, type
 * and date (a file read back from IndexedDB is a copy of the one picked).
 */
export function sameDraft(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (isFile(a) || isFile(b)) {
    return (
      isFile(a) &&
      isFile(b) &&
      a.size === b.size &&
      a.type === b.type &&
      a.name === b.name &&
      a.lastModified === b.lastModified
    );
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, at) => sameDraft(item, b[at]))
    );
  }
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every(
      (name) =>
        Object.hasOwn(b, name) &&
        sameDraft((a as Record<string, unknown>)[name], (b as Record<string, unknown>)[name]),
    )
  );
}
