import { clear, createStore, delMany, get, getMany, keys, set, type UseStore } from 'idb-keyval';
import {
  describeFile,
  fileBytes,
  fileFromBytes,
  fileName,
  filesIn,
  isFile,
  isFileBytes,
  rebuildFiles,
  refsIn,
  replaceFiles,
  type FileBytes,
  type FileDescription,
  type FileLike,
} from '../stored-files';

/*
 * Where drafts live between page loads: one IndexedDB database, one entry per person and form
 * (`${owner}:${key}`), so a reload, a crash or the same person's next sign-in finds what they typed.
 *
 * A draft's attached files are kept apart from its text, each in an entry of its own holding its
 * bytes as an ArrayBuffer with its name, type and date (`../stored-files.ts`, which the outboxes
 * share: not every engine keeps a File in IndexedDB), and rebuilt into a File when the draft is
 * read. The text is written first and never waits on the files: a file
 * that cannot be read or stored (a full disk, a file gone from its folder) leaves the rest of the
 * draft stored, and the write says which files only this page holds. Where IndexedDB is missing,
 * or refuses the text, the newest value is kept in memory for this page instead. This module
 * imports nothing but idb-keyval and the stored files' form: the shell's sign-out counts and
 * forgets a person's drafts without loading any feature.
 */

export const DRAFTS_DATABASE = 'lms-drafts';

export interface DraftEntry<T = unknown> {
  owner: number;
  key: string;
  value: T;
  /** When it was written (ms since the epoch). */
  savedAt: number;
}

/** A draft as read back, with the names of its files this device did not keep. */
export interface RestoredDraft<T = unknown> extends DraftEntry<T> {
  /** Files the draft held that did not come back (the person attaches them again). */
  lostFiles: readonly string[];
  /** Files the draft holds in this page's memory only: a reload loses them. */
  pageOnlyFiles: readonly string[];
}

/** What a write kept: the names of the draft's files that only this page holds. */
export interface DraftWrite {
  pageOnlyFiles: readonly string[];
}

/** The newest entry of each id that IndexedDB did not take whole (or every entry, without IndexedDB). */
const memory = new Map<string, { entry: DraftEntry; pageOnlyFiles: readonly string[] }>();

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

/**
 * A key under this prefix keeps where a form was (which of its drafts it opens on), not anything
 * typed: it goes with the person's drafts, and is not counted as one.
 */
export const PLACE_KEY_PREFIX = 'place:';

/**
 * The entries of a draft's files live under `${owner}:draft-file:`, then the draft's key (escaped,
 * so no key's files fall under another key's prefix), '/' and the file's own token. They go with
 * the person's drafts and are not counted as drafts.
 */
const FILE_KEY_PREFIX = 'draft-file:';
const filePrefix = (owner: number, key: string) =>
  draftId(owner, `${FILE_KEY_PREFIX}${encodeURIComponent(key)}/`);

/** Where a file stood in a draft's value: its entry and what the draft shows of it. */
interface FileRef extends FileDescription {
  /** The id of the file's entry. */
  $draftFile: string;
}

/** A file's entry: its bytes, and what rebuilds the File. */
interface StoredFile extends FileBytes {
  owner: number;
  key: string;
}

const isFileRef = (value: object): value is FileRef =>
  typeof (value as FileRef).$draftFile === 'string' && typeof (value as FileRef).name === 'string';

/** The names of the files a draft's value holds. */
export const fileNamesIn = (value: unknown): string[] => filesIn(value).map(fileName);

/**
 * The file entries this page wrote or read for each draft id, by the File the form holds: a draft
 * written again while its files stay the same stores only its text.
 */
const storedFiles = new Map<string, Map<FileLike, string>>();

let fileCount = 0;
const newFileId = (owner: number, key: string) =>
  `${filePrefix(owner, key)}${Date.now().toString(36)}-${(fileCount++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** The ids of the file entries stored for one draft. */
async function fileIdsOf(db: UseStore, owner: number, key: string): Promise<string[]> {
  const prefix = filePrefix(owner, key);
  const stored = await keys(db).catch((): IDBValidKey[] => []);
  return stored.filter((id): id is string => typeof id === 'string' && id.startsWith(prefix));
}

const isEntry = (value: unknown): value is DraftEntry =>
  typeof value === 'object' && value !== null && 'owner' in value && 'value' in value;

/** The stored draft of one person's form, if there is one, with its files rebuilt. */
export function readDraft<T>(owner: number, key: string): Promise<RestoredDraft<T> | undefined> {
  return inTurn(async () => {
    const id = draftId(owner, key);
    const kept = memory.get(id);
    if (kept) {
      return { ...(kept.entry as DraftEntry<T>), lostFiles: [], pageOnlyFiles: kept.pageOnlyFiles };
    }
    const db = persistent();
    if (!db) return undefined;
    const stored = await get<unknown>(id, db).catch(() => undefined);
    if (!isEntry(stored) || stored.owner !== owner) return undefined;
    const refs = refsIn(stored.value, isFileRef);
    if (refs.length === 0)
      return { ...(stored as DraftEntry<T>), lostFiles: [], pageOnlyFiles: [] };

    const found = await getMany<unknown>(
      refs.map((ref) => ref.$draftFile),
      db,
    ).catch(() => refs.map(() => undefined));
    const files = new Map<string, File>();
    const known = new Map<FileLike, string>();
    refs.forEach((ref, at) => {
      const entry = found[at];
      if (!isFileBytes(entry)) return;
      const file = fileFromBytes(entry);
      files.set(ref.$draftFile, file);
      known.set(file, ref.$draftFile);
    });
    storedFiles.set(id, known);
    const lostFiles = refs.filter((ref) => !files.has(ref.$draftFile)).map((ref) => ref.name);
    const value = rebuildFiles(stored.value, isFileRef, (ref) => files.get(ref.$draftFile)) as T;
    return { owner, key, value, savedAt: stored.savedAt, lostFiles, pageOnlyFiles: [] };
  });
}

/**
 * Writes one person's draft of a form: the text (every value but the files) first, then each
 * file that is not stored yet, then the entries of files the draft no longer holds go. Answers
 * which files only this page holds (all of them when the text itself could not be stored).
 */
export function writeDraft(owner: number, key: string, value: unknown): Promise<DraftWrite> {
  return inTurn(async () => {
    const id = draftId(owner, key);
    const savedAt = Date.now();
    const keepInPage = (pageOnlyFiles: readonly string[]): DraftWrite => {
      memory.set(id, { entry: { owner, key, value, savedAt }, pageOnlyFiles });
      return { pageOnlyFiles };
    };
    const db = persistent();
    if (!db) return keepInPage(fileNamesIn(value));

    const existing = new Set(await fileIdsOf(db, owner, key));
    const known = storedFiles.get(id) ?? new Map<FileLike, string>();
    const toStore: { file: FileLike; ref: FileRef }[] = [];
    const refs = new Map<FileLike, FileRef>();
    const text = replaceFiles(value, (file) => {
      let ref = refs.get(file);
      if (!ref) {
        const storedAs = known.get(file);
        const reused = storedAs !== undefined && existing.has(storedAs);
        ref = {
          $draftFile: reused ? storedAs : newFileId(owner, key),
          ...describeFile(file, savedAt),
        };
        refs.set(file, ref);
        if (!reused) toStore.push({ file, ref });
      }
      return ref;
    });

    try {
      await set(id, { owner, key, value: text, savedAt } satisfies DraftEntry, db);
    } catch {
      return keepInPage(fileNamesIn(value));
    }

    const pending = new Set(toStore.map((item) => item.file));
    const kept = new Map<FileLike, string>();
    for (const [file, ref] of refs) if (!pending.has(file)) kept.set(file, ref.$draftFile);
    const notStored: string[] = [];
    for (const { file, ref } of toStore) {
      try {
        const entry: StoredFile = { owner, key, ...(await fileBytes(file, ref.lastModified)) };
        await set(ref.$draftFile, entry, db);
        kept.set(file, ref.$draftFile);
      } catch {
        notStored.push(ref.name);
      }
    }
    storedFiles.set(id, kept);

    const held = new Set([...refs.values()].map((ref) => ref.$draftFile));
    const stale = [...existing].filter((fileId) => !held.has(fileId));
    if (stale.length > 0) await delMany(stale, db).catch(() => undefined);

    // What was not stored stays with the whole draft in this page, which reads it from memory.
    if (notStored.length > 0) return keepInPage(notStored);
    memory.delete(id);
    return { pageOnlyFiles: [] };
  });
}

export function removeDraft(owner: number, key: string): Promise<void> {
  return inTurn(async () => {
    const id = draftId(owner, key);
    memory.delete(id);
    storedFiles.delete(id);
    const db = persistent();
    if (!db) return;
    const ids = [id, ...(await fileIdsOf(db, owner, key))];
    await delMany(ids, db).catch(() => undefined);
  });
}

/**
 * The ids of one person's stored entries (IndexedDB and memory, each once), found by their
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

/** How many drafts one person has on this device (the shell asks before a sign-out). */
export function countDrafts(owner: number): Promise<number> {
  const places = draftId(owner, PLACE_KEY_PREFIX);
  const files = draftId(owner, FILE_KEY_PREFIX);
  return inTurn(
    async () =>
      (await idsOf(owner)).filter((id) => !id.startsWith(places) && !id.startsWith(files)).length,
  );
}

/** One person's drafts go, with their files (a sign-out on a shared device); other people's stay. */
export function forgetDrafts(owner: number): Promise<void> {
  return inTurn(async () => {
    const ids = await idsOf(owner);
    for (const id of ids) {
      memory.delete(id);
      storedFiles.delete(id);
    }
    const db = persistent();
    if (db && ids.length > 0) await delMany(ids, db).catch(() => undefined);
  });
}

/** Every person's drafts go: the device starts clean (tests start each case from one). */
export function forgetAllDrafts(): Promise<void> {
  return inTurn(async () => {
    memory.clear();
    storedFiles.clear();
    const db = persistent();
    if (db) await clear(db).catch(() => undefined);
  });
}

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
