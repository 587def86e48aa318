// Uploaded files live on disk, not in memory: each world (Store) writes them to a temporary
// directory of its own, which reset() empties and the process removes on exit. The world keeps
// only their names, types and sizes, so memory stays flat however much is uploaded.
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

/** A stored upload: where its bytes are and what they are. */
export interface DiskFile {
  name: string;
  contentType: string;
  size: number;
  path: string;
}

const PREFIX = 'lms-mock-uploads-';
const directories = new Set<string>();
let cleanupRegistered = false;

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Removes this process's directories on exit. */
function registerCleanup() {
  if (cleanupRegistered) return;
  cleanupRegistered = true;
  process.once('exit', () => {
    for (const directory of directories) rmSync(directory, { recursive: true, force: true });
  });
}

/**
 * Removes the directories of mock servers that ended without cleaning up (killed outright):
 * each directory is named after its process id.
 */
function sweepOrphans() {
  for (const entry of readdirSync(tmpdir())) {
    const pid = Number(/^lms-mock-uploads-(\d+)-/.exec(entry)?.[1]);
    if (pid && pid !== process.pid && !isAlive(pid)) {
      rmSync(join(tmpdir(), entry), { recursive: true, force: true });
    }
  }
}

/** One world's upload directory, made when the first file comes. */
export class UploadDir {
  #directory: string | undefined;
  readonly #paths = new Set<string>();
  /** Files still being written: no item can refer to them yet, and they must stay. */
  readonly #writing = new Set<string>();

  /** Streams the upload to a new file of the directory. */
  async save(file: File, name: string, contentType: string): Promise<DiskFile> {
    if (!this.#directory) {
      registerCleanup();
      sweepOrphans();
      this.#directory = mkdtempSync(join(tmpdir(), `${PREFIX}${process.pid}-`));
      directories.add(this.#directory);
    }
    const path = join(this.#directory, randomUUID());
    this.#paths.add(path);
    this.#writing.add(path);
    try {
      await pipeline(
        Readable.fromWeb(file.stream() as unknown as WebReadableStream<Uint8Array>),
        createWriteStream(path),
      );
    } finally {
      this.#writing.delete(path);
    }
    // From here to the item that refers to it, the route runs without yielding (microtasks only).
    return { name, contentType, size: file.size, path };
  }

  /** Deletes the files that nothing refers to any more (deleted items, refused saves). */
  keepOnly(referenced: ReadonlySet<string>) {
    for (const path of this.#paths) {
      if (referenced.has(path) || this.#writing.has(path)) continue;
      this.#paths.delete(path);
      unlink(path).catch(() => undefined);
    }
  }

  /** Empties the directory (reset); a file still being written goes with the next sweep. */
  clear() {
    this.keepOnly(new Set());
  }

  /** How many files the directory holds (tests). */
  get count() {
    return this.#paths.size;
  }
}
