import { createStore, delMany, getMany, keys, set, type UseStore } from 'idb-keyval';
import {
  describeFile,
  fileBytes,
  fileFromBytes,
  isFileBytes,
  rebuildFiles,
  refsIn,
  replaceFiles,
  type FileBytes,
  type FileDescription,
  type FileLike,
} from '../stored-files';
import { tellOutboxTabs } from './outbox-tabs';

/**
 * Where outbox entries live between page loads: IndexedDB. An entry's files are kept apart from
 * it, each in an entry of its own holding its bytes (`../stored-files.ts`: every engine keeps an
 * ArrayBuffer in IndexedDB, WebKit no File), and rebuilt into Files when the entry is read.
 * Without IndexedDB (some private modes) entries live in memory for this page only, and the
 * outbox says so.
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

function memoryStore(): OutboxStore {
  const entries = new Map<string, unknown>();
  return {
    persistent: false,
    all: async () => [...entries.values()],
    put: async (id, value) => void entries.set(id, value),
    remove: async (id) => void entries.delete(id),
  };
}

/**
 * The entries of an entry's files live under `file:`, then the entry's id, '/' and the file's own
 * token (an entry's id never starts with `file:`).
 */
const FILE_KEY_PREFIX = 'file:';
const filePrefix = (entryId: string) => `${FILE_KEY_PREFIX}${entryId}/`;
let fileCount = 0;
const newFileId = (entryId: string) =>
  `${filePrefix(entryId)}${Date.now().toString(36)}-${(fileCount++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Where a file stood in a stored entry: its entry and what the screen shows of it. */
interface FileRef extends FileDescription {
  /** The id of the file's entry. */
  $outboxFile: string;
}

/** A file's entry: its bytes and what rebuilds the File, with the id of the entry it belongs to. */
interface StoredFile extends FileBytes {
  entry: string;
}

const isFileRef = (value: object): value is FileRef =>
  typeof (value as FileRef).$outboxFile === 'string' && typeof (value as FileRef).name === 'string';

/** The files this page holds for one entry: by their entry's id, and which are not stored. */
interface HeldFiles {
  ids: Map<FileLike, string>;
  files: Map<string, FileLike>;
  unstored: Set<string>;
}

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const namesIn = (value: Fields, field: string): string[] => {
  const names = value[field];
  return Array.isArray(names) ? names.filter((name) => typeof name === 'string') : [];
};

function indexedDbStore(db: UseStore, name: string): OutboxStore {
  /**
   * The files of each entry this page wrote or read, so an entry stored again (its state changed)
   * stores only itself, a file the device could not store is still sent from this page, and an
   * entry read again does not read its files' bytes again.
   */
  const held = new Map<string, HeldFiles>();
  const heldFor = (id: string): HeldFiles => {
    let files = held.get(id);
    if (!files) {
      files = { ids: new Map(), files: new Map(), unstored: new Set() };
      held.set(id, files);
    }
    return files;
  };
  const pageOnly = (id: string, refs: readonly FileRef[]) => {
    const unstored = held.get(id)?.unstored;
    return unstored
      ? refs.filter((ref) => unstored.has(ref.$outboxFile)).map((ref) => ref.name)
      : [];
  };

  /** An entry as stored, with its files rebuilt from this page or from `found`. */
  const rebuilt = (id: string, value: Fields, found: ReadonlyMap<string, unknown>): Fields => {
    const refs = refsIn(value, isFileRef);
    if (refs.length === 0) return value;
    const mine = heldFor(id);
    const lost: string[] = [];
    const entry = rebuildFiles(value, isFileRef, (ref) => {
      const kept = mine.files.get(ref.$outboxFile);
      if (kept) return kept as File;
      const stored = found.get(ref.$outboxFile);
      if (!isFileBytes(stored)) {
        lost.push(ref.name);
        return undefined;
      }
      const file = fileFromBytes(stored);
      mine.files.set(ref.$outboxFile, file);
      mine.ids.set(file, ref.$outboxFile);
      return file;
    }) as Fields;
    const unstored = pageOnly(id, refs);
    return {
      ...entry,
      ...(lost.length > 0 ? { lostFiles: [...namesIn(value, 'lostFiles'), ...lost] } : {}),
      ...(unstored.length > 0 ? { pageOnlyFiles: unstored } : {}),
    };
  };

  return {
    persistent: true,
    name,
    async all({ files = true } = {}) {
      const ids = (await keys(db)).filter(
        (key): key is string => typeof key === 'string' && !key.startsWith(FILE_KEY_PREFIX),
      );
      const values = await getMany<unknown>(ids, db);
      // An entry gone from the store (delivered, dropped) takes this page's copies of its files.
      const present = new Set(ids);
      for (const id of held.keys()) if (!present.has(id)) held.delete(id);
      const entries = ids
        .map((id, at) => [id, values[at]] as const)
        .filter((pair): pair is readonly [string, Fields] => isFields(pair[1]));
      if (!files) return entries.map(([, value]) => value);
      const wanted = entries.flatMap(([id, value]) =>
        refsIn(value, isFileRef)
          .map((ref) => ref.$outboxFile)
          .filter((fileId) => !held.get(id)?.files.has(fileId)),
      );
      const bytes = wanted.length > 0 ? await getMany<unknown>(wanted, db) : [];
      const found = new Map(wanted.map((fileId, at) => [fileId, bytes[at]]));
      return entries.map(([id, value]) => rebuilt(id, value, found));
    },
    async put(id, value) {
      const mine = heldFor(id);
      const dated = Date.now();
      const refs = new Map<FileLike, FileRef>();
      // What the page says of the entry's files is the page's own, and is not stored.
      const { pageOnlyFiles: _pageOnly, ...fields } = isFields(value) ? value : {};
      const text = replaceFiles(isFields(value) ? fields : value, (file) => {
        let ref = refs.get(file);
        if (!ref) {
          let fileId = mine.ids.get(file);
          if (fileId === undefined) {
            fileId = newFileId(id);
            mine.ids.set(file, fileId);
            mine.files.set(fileId, file);
            mine.unstored.add(fileId);
          }
          ref = { $outboxFile: fileId, ...describeFile(file, dated) };
          refs.set(file, ref);
        }
        return ref;
      });
      // The files go first, so a tab that reads the entry finds them; one that cannot be read or
      // stored (a full disk, a file gone from its folder) is tried again at the entry's next write.
      const written: string[] = [];
      for (const [file, ref] of refs) {
        if (!mine.unstored.has(ref.$outboxFile)) continue;
        try {
          const stored: StoredFile = { entry: id, ...(await fileBytes(file, ref.lastModified)) };
          await set(ref.$outboxFile, stored, db);
          mine.unstored.delete(ref.$outboxFile);
          written.push(ref.$outboxFile);
        } catch {
          // Only this page holds it: the entry says so.
        }
      }
      try {
        await set(id, text, db);
      } catch (error) {
        // The entry is this page's alone: so are its files, written again with it next time.
        for (const fileId of written) mine.unstored.add(fileId);
        await delMany(written, db).catch(() => undefined);
        throw error;
      }
      return { pageOnlyFiles: pageOnly(id, [...refs.values()]) };
    },
    async remove(id) {
      held.delete(id);
      const prefix = filePrefix(id);
      const stored = await keys(db).catch((): IDBValidKey[] => []);
      const files = stored.filter(
        (key): key is string => typeof key === 'string' && key.startsWith(prefix),
      );
      await delMany([id, ...files], db);
    },
  };
}

export const OUTBOX_DATABASE = 'lms-outbox';

/**
 * Every kind of outbox, one IndexedDB store each. `createOutbox` takes only these, so clearing a
 * user's writes (`forget.ts`) reaches every store there is.
 */
export const OUTBOX_KINDS = ['chat-message', 'visit'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** One object store per outbox kind, in the one outbox database. */
export function openOutboxStore(kind: string): OutboxStore {
  if (typeof indexedDB === 'undefined') return memoryStore();
  try {
    const name = `${OUTBOX_DATABASE}-${kind}`;
    return indexedDbStore(createStore(name, 'entries'), name);
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
        .all({ files: false })
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
 * Deletes every waiting write of this account on this device, in every kind of outbox and in the
 * outboxes this page already holds, and tells the other tabs to drop theirs (what they hold in
 * memory, and anything a send that ends there would store again); other accounts' writes stay.
 * An outbox of this page tells them itself; for a kind this page has none of, this does.
 */
export async function forgetWrites(owner: number): Promise<void> {
  await Promise.all([...live].map((outbox) => outbox.forgetOwner(owner)));
  const told = new Set([...live].map((outbox) => outbox.kind));
  await Promise.all(
    OUTBOX_KINDS.map(async (kind) => {
      const store = storeOf(kind);
      try {
        const stored = await store.all({ files: false });
        await Promise.all(
          stored.filter((value) => ownedBy(value, owner)).map((value) => store.remove(value.id)),
        );
      } finally {
        if (store.name && !told.has(kind)) tellOutboxTabs(store.name, { type: 'forgot', owner });
      }
    }),
  );
}
