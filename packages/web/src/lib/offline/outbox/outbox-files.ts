import { delMany, getMany, set, type UseStore } from 'idb-keyval';
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

import { filePrefix, type OutboxFiles, type StoredEntry } from './outbox-store';

/*
 * The files of an outbox's entries, kept apart from them: each in an entry of its own holding its
 * bytes (`../stored-files.ts`, as the drafts keep theirs: every engine keeps an ArrayBuffer in
 * IndexedDB, WebKit no File), which the entry names by a reference, and rebuilt into Files when
 * the entry is read. A kind whose writes carry files (the chat's messages) gives its outbox
 * `keepFilesApart()`; the others do without this module.
 */

let fileCount = 0;
/** A new key for a file of the entry, under its prefix (outbox-store.ts lays the keys out). */
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
const namesIn = (value: Fields, field: string): string[] => {
  const names = value[field];
  return Array.isArray(names) ? names.filter((name) => typeof name === 'string') : [];
};

/**
 * The files of one outbox's entries (one per outbox: it holds what this page wrote and read). An
 * entry is stored with its files' bytes first, then itself, so a tab that reads it finds them; a
 * file that cannot be read or stored (a full disk, a file gone from its folder) never holds the
 * entry back: this page still holds and sends it, and tries to store it again at the entry's next
 * write. Entries of the older form, which held the Files themselves, are read as they are and
 * take this form at their next write.
 */
export function keepFilesApart(): OutboxFiles {
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
    async read(db: UseStore, entries: readonly StoredEntry[]) {
      // An entry gone from the store (delivered, dropped) takes this page's copies of its files.
      const present = new Set(entries.map(([id]) => id));
      for (const id of held.keys()) if (!present.has(id)) held.delete(id);
      const wanted = entries.flatMap(([id, value]) =>
        refsIn(value, isFileRef)
          .map((ref) => ref.$outboxFile)
          .filter((fileId) => !held.get(id)?.files.has(fileId)),
      );
      const bytes = wanted.length > 0 ? await getMany<unknown>(wanted, db) : [];
      const found = new Map(wanted.map((fileId, at) => [fileId, bytes[at]]));
      return entries.map(([id, value]) => rebuilt(id, value, found));
    },
    async put(db: UseStore, id: string, value: unknown) {
      const mine = heldFor(id);
      const dated = Date.now();
      const refs = new Map<FileLike, FileRef>();
      // What a page says of the entry's files is the page's own, and is not stored.
      const isObject = typeof value === 'object' && value !== null;
      const { pageOnlyFiles: _pageOnly, ...fields } = isObject ? (value as Fields) : {};
      const text = replaceFiles(isObject ? fields : value, (file) => {
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
    forget(id: string) {
      held.delete(id);
    },
  };
}
