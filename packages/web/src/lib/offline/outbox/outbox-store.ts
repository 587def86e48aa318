import { createStore, delMany, getMany, keys, set, type UseStore } from 'idb-keyval';
import { tellOutboxTabs } from './outbox-tabs';

/**
 * Where outbox entries live between page loads: IndexedDB, one database per kind. A kind whose
 * writes carry files keeps them apart from its entries, as their bytes (`keepFilesApart()`,
 * outbox-files.ts: every engine keeps an ArrayBuffer in IndexedDB, WebKit no File). Without
 * IndexedDB (some private modes) entries live in memory for this page only, and the outbox says
 * so.
 */
export interface OutboxStore {
  readonly persistent: boolean;
  /**
   * The IndexedDB database's name: every tab of the browser that opens it shares its entries.
   * Absent for a store of this page only.
   */
  readonly name?: string;
  /**
   * Every stored entry, its files rebuilt (`{ files: false }`: left as the store holds them, for
   * what needs only the entries' ids and owners). A file whose bytes are not stored comes from
   * this page if it holds it (named in the entry's `pageOnlyFiles`), else the entry comes without
   * it, named in its `lostFiles`.
   */
  all(options?: { files?: boolean }): Promise<unknown[]>;
  /**
   * Stores an entry: its files' bytes first, then the rest, which a file that cannot be stored
   * never holds back. Answers which of its files only this page holds.
   */
  put(id: string, value: unknown): Promise<OutboxWrite | undefined>;
  /** Deletes an entry with its files. */
  remove(id: string): Promise<void>;
}

/** What storing an entry kept. */
export interface OutboxWrite {
  /** The names of the entry's files whose bytes could not be stored: a reload loses them. */
  pageOnlyFiles: readonly string[];
}

/** A stored entry's fields, by its id. */
export type StoredEntry = readonly [id: string, value: Record<string, unknown>];

/** How a kind's store keeps the files of its entries apart from them (outbox-files.ts). */
export interface OutboxFiles {
  /** Stores an entry with its files. */
  put(db: UseStore, id: string, value: unknown): Promise<OutboxWrite>;
  /** The stored entries (every one the store holds) with their files rebuilt. */
  read(db: UseStore, entries: readonly StoredEntry[]): Promise<unknown[]>;
  /** The entry left the store. */
  forget(id: string): void;
}

/**
 * The entries of an entry's files live under `file:`, then the entry's id, '/' and the file's own
 * token (an entry's id never starts with `file:`).
 */
const FILE_KEY_PREFIX = 'file:';
export const filePrefix = (entryId: string) => `${FILE_KEY_PREFIX}${entryId}/`;

function memoryStore(): OutboxStore {
  const entries = new Map<string, unknown>();
  return {
    persistent: false,
    all: async () => [...entries.values()],
    put: async (id, value) => void entries.set(id, value),
    remove: async (id) => void entries.delete(id),
  };
}

function indexedDbStore(db: UseStore, name: string, files?: OutboxFiles): OutboxStore {
  return {
    persistent: true,
    name,
    async all(options) {
      const ids = (await keys(db)).filter(
        (key): key is string => typeof key === 'string' && !key.startsWith(FILE_KEY_PREFIX),
      );
      const values = await getMany<unknown>(ids, db);
      const entries = ids
        .map((id, at): [string, unknown] => [id, values[at]])
        .filter((pair): pair is [string, Record<string, unknown>] => {
          const value = pair[1];
          return typeof value === 'object' && value !== null;
        });
      if (!files || options?.files === false) return entries.map(([, value]) => value);
      return files.read(db, entries);
    },
    async put(id, value) {
      if (files) return files.put(db, id, value);
      await set(id, value, db);
      return undefined;
    },
    async remove(id) {
      files?.forget(id);
      const prefix = filePrefix(id);
      const stored = await keys(db).catch((): IDBValidKey[] => []);
      const itsFiles = stored.filter((key) => typeof key === 'string' && key.startsWith(prefix));
      await delMany([id, ...itsFiles], db);
    },
  };
}

export const OUTBOX_DATABASE = 'lms-outbox';

/**
 * Every kind of outbox, one IndexedDB store each. `createOutbox` takes only these, so clearing a
 * user's writes reaches every store there is.
 */
export const OUTBOX_KINDS = ['chat-message', 'visit'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * The store of one kind of outbox, in the kind's IndexedDB database; `files` keeps its entries'
 * files apart from them (without it, an entry is stored as it is).
 */
export function openOutboxStore(kind: string, files?: OutboxFiles): OutboxStore {
  if (typeof indexedDB === 'undefined') return memoryStore();
  try {
    const name = `${OUTBOX_DATABASE}-${kind}`;
    return indexedDbStore(createStore(name, 'entries'), name, files);
  } catch {
    return memoryStore();
  }
}

/** What clearing a user's writes needs of an outbox created in this page. */
export interface LiveOutbox {
  readonly kind: OutboxKind;
  readonly entries: { readonly value: readonly { id: string; owner: number }[] };
  /** Drops the owner's entries from the page and from the outbox's store, and tells other tabs. */
  forgetOwner(owner: number): Promise<void>;
}

const live = new Set<LiveOutbox>();

/** Every outbox adds itself here as it is created, so clearing reaches what it holds in memory. */
export function registerLiveOutbox(outbox: LiveOutbox): void {
  live.add(outbox);
}

const stores = new Map<OutboxKind, OutboxStore>();
function storeOf(kind: OutboxKind): OutboxStore {
  let store = stores.get(kind);
  if (!store) {
    store = openOutboxStore(kind);
    stores.set(kind, store);
  }
  return store;
}

function ownedBy(value: unknown, owner: number): value is { id: string; owner: number } {
  if (!value || typeof value !== 'object') return false;
  const { id, owner: writer } = value as { id?: unknown; owner?: unknown };
  return typeof id === 'string' && writer === owner;
}

/**
 * How many writes of this account wait on this device (sent by no one yet, or refused), in every
 * kind of outbox: what signing out of a shared device would lose. It needs only this module, so
 * the shell can ask it without loading the chat or the journal.
 */
export async function countWaitingWrites(owner: number): Promise<number> {
  const ids = new Set<string>();
  await Promise.all(
    OUTBOX_KINDS.map(async (kind) => {
      // A store that cannot be read holds nothing this device could send either.
      const stored = await storeOf(kind)
        .all()
        .catch(() => []);
      for (const value of stored) if (ownedBy(value, owner)) ids.add(value.id);
    }),
  );
  for (const outbox of live) {
    for (const entry of outbox.entries.value) if (entry.owner === owner) ids.add(entry.id);
  }
  return ids.size;
}

/**
 * Deletes every waiting write of this account on this device (with its files), in every kind of
 * outbox and in the outboxes this page already holds, and tells the other tabs to drop theirs
 * (what they hold in memory, and anything a send that ends there would store again); other
 * accounts' writes stay. An outbox of this page tells them itself; for a kind this page has none
 * of, this does.
 */
export async function forgetWrites(owner: number): Promise<void> {
  await Promise.all([...live].map((outbox) => outbox.forgetOwner(owner)));
  const told = new Set([...live].map((outbox) => outbox.kind));
  await Promise.all(
    OUTBOX_KINDS.map(async (kind) => {
      const store = storeOf(kind);
      try {
        const stored = await store.all();
        await Promise.all(
          stored.filter((value) => ownedBy(value, owner)).map((value) => store.remove(value.id)),
        );
      } finally {
        if (store.name && !told.has(kind)) tellOutboxTabs(store.name, { type: 'forgot', owner });
      }
    }),
  );
}
