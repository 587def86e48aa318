// The bytes the world keeps: every uploaded file (news, chat, UMK, e-library) is written to the
// world's temporary directory (uploads.ts), and the server caps their total (`--max-storage-mb`),
// refusing an upload beyond it with a 507 instead of filling the disk. Deleting an item frees its
// files; POST /__mock/reset frees them all.
import { chatSlice } from '../chat/chat-planning.js';
import { sizeOf, type StoredFile } from './files.js';
import { librarySlice } from '../library/library.js';
import { newsSlice } from '../news/news.js';
import type { Store } from './store.js';
import { umkSlice } from '../umk/umk.js';

export const DEFAULT_MAX_STORAGE_MB = 100;
const BYTES_PER_MB = 1024 * 1024;

/** The bytes of every stored file, each counted once (a UMK material and its e-library copy share one). */
export function storedBytes(store: Store): number {
  const files = new Set<StoredFile>();
  for (const file of store.get(newsSlice).files.values()) files.add(file);
  for (const file of store.get(chatSlice).files.values()) files.add(file);
  for (const list of store.get(umkSlice).files.values()) for (const file of list) files.add(file);
  for (const file of store.get(librarySlice).files.values()) files.add(file);
  let total = 0;
  const onDisk = new Set<string>();
  for (const file of files) {
    total += sizeOf(file);
    if ('path' in file) onDisk.add(file.path);
  }
  // what no item refers to any more (a deleted post, a failed save) leaves the disk
  store.uploads.keepOnly(onDisk);
  return total;
}

/** The bytes still free under the cap. */
export const spaceLeft = (store: Store, maxStorageMb: number) =>
  maxStorageMb * BYTES_PER_MB - storedBytes(store);

/** Whether `incoming` files fit beside what the world already keeps. */
export function fitsStorage(store: Store, maxStorageMb: number, incoming: readonly Blob[]) {
  const adding = incoming.reduce((sum, file) => sum + file.size, 0);
  return adding === 0 || storedBytes(store) + adding <= maxStorageMb * BYTES_PER_MB;
}

export const storageFullMessage = (maxStorageMb: number) =>
  `Insufficient storage: the server keeps at most ${maxStorageMb} MB of uploads; POST /__mock/reset frees them`;
