/** A script chunk that has not arrived after 120 000 ms counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

/** The message for a script chunk that failed: 'Loading chunk ... failed'. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly chunk: string;

  constructor(chunk: string, cause?: unknown) {
    super(`Loading chunk ${chunk} failed.`, cause === undefined ? undefined : { cause });
    this.chunk = chunk;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/** Runs a dynamic import, failing with a ChunkLoadError when it rejects or outlives the timeout. */
export function loadChunk<Module>(
  chunk: string,
  load: () => Promise<Module>,
  timeoutMs: number = CHUNK_TIMEOUT_MS,
): Promise<Module> {
  return new Promise<Module>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk)), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(chunk, error));
      },
    );
  });
}
