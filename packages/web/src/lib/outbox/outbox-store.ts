import { createStore, del, set, values, type UseStore } from 'idb-keyval';

/**
 * Where outbox entries live between page loads: IndexedDB (it keeps Files and Blobs, which local
 * storage cannot). Without IndexedDB (some private modes) entries live in memory for this page
 * only, and the outbox says so.
 */
export interface OutboxStore {
  readonly persistent: boolean;
  all(): Promise<unknown[]>;
  put(id: string, value: unknown): Promise<void>;
  remove(id: string): Promise<void>;
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

function indexedDbStore(db: UseStore): OutboxStore {
  return {
    persistent: true,
    all: () => values(db),
    put: (id, value) => set(id, value, db),
    remove: (id) => del(id, db),
  };
}

export const OUTBOX_DATABASE = 'lms-outbox';

/** One object store per outbox kind, in the one outbox database. */
export function openOutboxStore(kind: string): OutboxStore {
  if (typeof indexedDB === 'undefined') return memoryStore();
  try {
    return indexedDbStore(createStore(`${OUTBOX_DATABASE}-${kind}`, 'entries'));
  } catch {
    return memoryStore();
  }
}
