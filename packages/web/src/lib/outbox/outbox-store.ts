import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import { tellOutboxTabs } from './outbox-tabs';

/**
 * Where outbox entries live between page loads: IndexedDB (it keeps Files and Blobs, which local
 * storage cannot). Without IndexedDB (some private modes) entries live in memory for this page
 * only, and the outbox says so.
 */
export interface OutboxStore {
  readonly persistent: boolean;
  /**
   * The IndexedDB database's name: every tab of the browser that opens it shares its entries.
   * Absent for a store of this page only.
   */
  readonly name?: string;
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

function indexedDbStore(db: UseStore, name: string): OutboxStore {
  return {
    persistent: true,
    name,
    all: () => values(db),
    put: (id, value) => set(id, value, db),
    remove: (id) => del(id, db),
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
