/*
 * Files as every engine's IndexedDB keeps them: their bytes as an ArrayBuffer with their name,
 * type and date, rebuilt into a File when read. WebKit refuses a value holding a File or Blob
 * where its storage is not on disk ("Error preparing Blob/File data to be stored in object
 * store"), while every engine keeps an ArrayBuffer. The drafts and the outboxes keep a value's
 * files this way, each in an entry of its own apart from the value, which names them by a
 * reference. This module imports nothing: the shell's sign-out loads it with both stores.
 */

/** A File, or a Blob standing for one (a file of an older page, a test's own File). */
export type FileLike = Blob & { name?: string; lastModified?: number };

/** A file as stored: what rebuilds the File, and its bytes. */
export interface FileBytes {
  name: string;
  type: string;
  lastModified: number;
  bytes: ArrayBuffer;
}

/** What a value stores in place of a file, besides the id of the file's entry. */
export interface FileDescription {
  name: string;
  type: string;
  lastModified: number;
  size: number;
}

export const isFile = (value: object): value is FileLike =>
  typeof (value as Blob).size === 'number' &&
  typeof (value as Blob).type === 'string' &&
  typeof (value as Blob).slice === 'function';

export const fileName = (file: FileLike): string =>
  typeof file.name === 'string' ? file.name : '';

/** What stands for `file` in a stored value; a file without a date takes `dated`. */
export const describeFile = (file: FileLike, dated: number): FileDescription => ({
  name: fileName(file),
  type: file.type,
  lastModified: file.lastModified ?? dated,
  size: file.size,
});

/**
 * The bytes of a file, through `arrayBuffer()` or, in an engine without it, a FileReader. Rejects
 * when the file cannot be read (gone from its folder, changed on disk since it was picked).
 */
function readBytes(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('The file cannot be read.'));
    reader.readAsArrayBuffer(file);
  });
}

/** A file as every engine's IndexedDB keeps it; a file without a date takes `dated`. */
export async function fileBytes(file: FileLike, dated: number): Promise<FileBytes> {
  const { name, type, lastModified } = describeFile(file, dated);
  return { name, type, lastModified, bytes: await readBytes(file) };
}

/** Whether a stored value holds a file's bytes (with the fields of `FileBytes`). */
export const isFileBytes = (value: unknown): value is FileBytes =>
  typeof value === 'object' &&
  value !== null &&
  Object.prototype.toString.call((value as FileBytes).bytes) === '[object ArrayBuffer]' &&
  typeof (value as FileBytes).name === 'string' &&
  typeof (value as FileBytes).type === 'string' &&
  typeof (value as FileBytes).lastModified === 'number';

/** The File a stored one rebuilds: the same bytes, name, type and date. */
export const fileFromBytes = (stored: FileBytes): File =>
  new File([stored.bytes], stored.name, { type: stored.type, lastModified: stored.lastModified });

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * The value with each file (in arrays and plain objects, at any depth) replaced by what `toRef`
 * makes of it; anything else is kept as it is.
 */
export function replaceFiles(value: unknown, toRef: (file: FileLike) => unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (isFile(value)) return toRef(value);
  if (Array.isArray(value)) return value.map((item) => replaceFiles(item, toRef));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [name, replaceFiles(item, toRef)]),
  );
}

/** Every file a value holds, in order. */
export function filesIn(value: unknown, found: FileLike[] = []): FileLike[] {
  replaceFiles(value, (file) => found.push(file));
  return found;
}

/**
 * A stored value with each reference to a file (what `isRef` knows) rebuilt by `toFile`: a file
 * that did not come back (`undefined`) leaves its array, or is null where it stood alone. Values
 * of the older form, which held the Files themselves, come back as they were stored.
 */
export function rebuildFiles<Ref extends object>(
  value: unknown,
  isRef: (value: object) => value is Ref,
  toFile: (ref: Ref) => File | undefined,
): unknown {
  if (typeof value !== 'object' || value === null || isFile(value)) return value;
  if (Array.isArray(value)) {
    return value.flatMap((item) => {
      if (typeof item === 'object' && item !== null && isRef(item)) {
        const file = toFile(item);
        return file ? [file] : [];
      }
      return [rebuildFiles(item, isRef, toFile)];
    });
  }
  if (!isPlainObject(value)) return value;
  if (isRef(value)) return toFile(value) ?? null;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [name, rebuildFiles(item, isRef, toFile)]),
  );
}

/** Every file reference (what `isRef` knows) a stored value holds, in order. */
export function refsIn<Ref extends object>(
  value: unknown,
  isRef: (value: object) => value is Ref,
): Ref[] {
  const found: Ref[] = [];
  rebuildFiles(value, isRef, (ref) => void found.push(ref));
  return found;
}
