import { signal, type ReadonlySignal } from '@preact/signals-react';
import { classifyOutboxFailure } from './outbox-failure';
import { openOutboxStore, type OutboxStore } from './outbox-store';

export type OutboxStatus = 'pending' | 'sending' | 'failed';

/** A write the server has not confirmed yet: kept until it is sent or the user discards it. */
export interface OutboxEntry<Payload> {
  id: string;
  /** Account id of the writer: only their session sends it. */
  owner: number;
  /** Where it belongs (a conversation, a class): the screen shows it there. */
  scope: string;
  payload: Payload;
  files: File[];
  createdAt: number;
  status: OutboxStatus;
  /** The last failure's error (for the screen to word), when the last attempt failed. */
  error?: unknown;
  attempts: number;
}

export interface Outbox<Payload> {
  readonly kind: string;
  /** Every entry, oldest first; screens filter by owner and scope. */
  readonly entries: ReadonlySignal<readonly OutboxEntry<Payload>[]>;
  /** False when entries cannot outlive the page (no IndexedDB). */
  readonly persistent: boolean;
  /** Reads the stored entries once (later calls reuse the first read). */
  load(): Promise<void>;
  /** Keeps a write and starts sending it at once (after what is already waiting). */
  add(entry: Pick<OutboxEntry<Payload>, 'owner' | 'scope' | 'payload' | 'files'>): Promise<void>;
  /** Sends the owner's waiting entries in order; returns once the queue stops. */
  flush(owner: number): Promise<void>;
  retry(id: string, owner: number): Promise<void>;
  discard(id: string): Promise<void>;
}

export interface OutboxOptions<Payload> {
  /** Names the IndexedDB store: one per kind of write ('chat-message', 'visit'). */
  kind: string;
  /** Sends one entry; resolves when the server confirmed it, rejects with the client's error. */
  send: (entry: OutboxEntry<Payload>) => Promise<void>;
  store?: OutboxStore;
}

let sequence = 0;
function newId(): string {
  sequence += 1;
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `${Date.now()}-${sequence}-${random}`;
}

function byAge<Payload>(a: OutboxEntry<Payload>, b: OutboxEntry<Payload>) {
  return a.createdAt - b.createdAt || a.id.localeCompare(b.id);
}

/**
 * An outbox (ARCHITECTURE 14): writes made offline or during a failure are kept (in IndexedDB, so
 * they survive a reload and a 401), shown by their screen as not yet sent, and sent in order when
 * the connection returns. A transient failure stops the queue (order is kept) until the next flush;
 * a refusal marks the entry failed for the user to retry or discard, and the queue goes on.
 */
export function createOutbox<Payload>(options: OutboxOptions<Payload>): Outbox<Payload> {
  const store = options.store ?? openOutboxStore(options.kind);
  const entries = signal<readonly OutboxEntry<Payload>[]>([]);
  let loading: Promise<void> | undefined;
  const flushing = new Map<number, Promise<void>>();

  const replace = (next: OutboxEntry<Payload>) => {
    entries.value = entries.value.map((entry) => (entry.id === next.id ? next : entry));
  };
  const save = async (next: OutboxEntry<Payload>) => {
    replace(next);
    try {
      await store.put(next.id, next);
    } catch {
      // The entry stays on screen for this page; only its survival of a reload is lost.
    }
  };
  const forget = async (id: string) => {
    entries.value = entries.value.filter((entry) => entry.id !== id);
    try {
      await store.remove(id);
    } catch {
      // As above.
    }
  };

  const load = () =>
    (loading ??= store.all().then(
      (stored) => {
        const known = new Set(entries.value.map((entry) => entry.id));
        const read = (stored as OutboxEntry<Payload>[])
          .filter((entry) => !known.has(entry.id))
          // An entry caught mid-send by a reload is waiting again.
          .map((entry) =>
            entry.status === 'sending' ? { ...entry, status: 'pending' as const } : entry,
          );
        entries.value = [...entries.value, ...read].sort(byAge);
      },
      () => undefined,
    ));

  const runQueue = async (owner: number) => {
    await load();
    for (;;) {
      const next = entries.value.find(
        (entry) => entry.owner === owner && entry.status === 'pending',
      );
      if (!next) return;
      const sending = { ...next, status: 'sending' as const, attempts: next.attempts + 1 };
      await save(sending);
      try {
        await options.send(sending);
        await forget(sending.id);
      } catch (error) {
        const failure = classifyOutboxFailure(error);
        if (failure === 'cancelled') {
          await forget(sending.id);
          continue;
        }
        if (failure === 'refused') {
          await save({ ...sending, status: 'failed', error });
          continue;
        }
        // Offline, a server fault or an ended session: keep the order and wait for the next flush.
        await save({ ...sending, status: 'pending', error });
        return;
      }
    }
  };

  const flush = (owner: number) => {
    const running = flushing.get(owner);
    if (running) return running;
    const run = runQueue(owner).finally(() => flushing.delete(owner));
    flushing.set(owner, run);
    return run;
  };

  return {
    kind: options.kind,
    entries,
    persistent: store.persistent,
    load,
    async add({ owner, scope, payload, files }) {
      await load();
      const entry: OutboxEntry<Payload> = {
        id: newId(),
        owner,
        scope,
        payload,
        files,
        createdAt: Date.now(),
        status: 'pending',
        attempts: 0,
      };
      entries.value = [...entries.value, entry];
      await save(entry);
      void flush(owner);
    },
    flush,
    async retry(id, owner) {
      const entry = entries.value.find((item) => item.id === id);
      if (!entry || entry.status === 'sending') return;
      await save({ ...entry, status: 'pending' });
      await flush(owner);
    },
    discard: forget,
  };
}
