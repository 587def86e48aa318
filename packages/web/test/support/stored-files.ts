import { File as NodeFile } from 'node:buffer';
import { vi } from 'vitest';

/*
 * Files and an IndexedDB (fake-indexeddb) as the engines treat them, for the stores that keep
 * files on the device (the drafts, the outboxes).
 */

/** Node's File, which Node's structured clone (under fake-indexeddb) keeps, as a browser's does. */
export const nodeFile = (text: string, name: string, type = 'text/plain') =>
  new NodeFile([text], name, { type, lastModified: 1 }) as unknown as File;

/** A file picked from a folder and gone from it since: reading its bytes fails, as in a browser. */
export class UnreadableFile extends NodeFile {
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.reject(new DOMException('The file changed on disk.', 'NotReadableError'));
  }
}

/** The text of a Blob: Node's through Response, the page's (jsdom's) through its FileReader. */
export function textOf(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

const isBlob = (value: object): boolean =>
  typeof (value as Blob).size === 'number' && typeof (value as Blob).slice === 'function';

/** Whether a value holds a Blob or File anywhere. */
export function holdsBlob(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (isBlob(value)) return true;
  return Object.values(value).some(holdsBlob);
}

/**
 * IndexedDB as WebKit keeps it where its storage is not on disk: a value holding a Blob or File
 * is refused, anything else is stored.
 */
export function refuseBlobs() {
  const put = IDBObjectStore.prototype.put;
  return vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    value: unknown,
    key?: IDBValidKey,
  ) {
    if (holdsBlob(value)) {
      throw new DOMException(
        'Error preparing Blob/File data to be stored in object store',
        'UnknownError',
      );
    }
    return put.call(this, value, key);
  });
}

/** IndexedDB whose disk is full for the file entry of `name`. */
export function refuseFileNamed(name: string) {
  const put = IDBObjectStore.prototype.put;
  return vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    value: unknown,
    key?: IDBValidKey,
  ) {
    if (typeof value === 'object' && value !== null && (value as { name?: unknown }).name === name)
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    return put.call(this, value, key);
  });
}
