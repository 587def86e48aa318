import { signal, type ReadonlySignal } from '@preact/signals-react';
import { onlineManager } from '@tanstack/react-query';
import { classifyOutboxFailure, outcomeUnknown } from './outbox-failure';
import { outboxSessionEnded } from './outbox-session';
import {
  openOutboxStore,
  registerLiveOutbox,
  type OutboxKind,
  type OutboxStore,
} from './outbox-store';

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
  /**
   * The server may have stored it already: an attempt ended without an answer that says either
   * way (a timeout, a lost network, a server fault, a page closed mid-send). It is not sent again
   * before the kind's `reconcile` has looked.
   */
  uncertain: boolean;
}

/** What the server holds of an uncertain write. */
export type Reconciled = 'delivered' | 'missing';

export interface Outbox<Payload> {
  readonly kind: OutboxKind;
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
  /** Drops every entry of the owner, here and in the store (a shared device's sign-out). */
  forgetOwner(owner: number): Promise<void>;
}

export interface OutboxOptions<Payload> {
  /** Names the IndexedDB store: one per kind of write. */
  kind: OutboxKind;
  /**
   * Delivers one entry and nothing more: resolves when the server stored it, rejects with the
   * client's error. The entry is removed as soon as it resolves, before `afterSent` reads the
   * server again: a kind whose screen must go on showing the write (the chat's message) puts what
   * the server took into its own data before resolving (as `reconcile` does before 'delivered').
   */
  send: (entry: OutboxEntry<Payload>) => Promise<void>;
  /**
   * Runs after an entry was delivered (the screen's refresh). Its failure is ignored: the write is
   * stored, so it is neither shown as unsent nor sent again.
   */
  afterSent?: (entry: OutboxEntry<Payload>) => Promise<unknown>;
  /**
   * Reads the server to tell whether an uncertain entry's write is stored: 'delivered' counts as
   * sent, 'missing' sends it again, a failure leaves it waiting. Without it an uncertain entry is
   * sent again.
   */
  reconcile?: (entry: OutboxEntry<Payload>) => Promise<Reconciled>;
  /**
   * Completes the payload before an attempt with what `reconcile` will need; the result is stored
   * with the entry before the write leaves. A failure here sent nothing.
   */
  prepare?: (entry: OutboxEntry<Payload>) => Promise<Payload>;
  store?: OutboxStore;
}

const RETRY_FLOOR_MS = 1_000;
const RETRY_WINDOW_MS = 2_000;
/** The longest wait between automatic retries. */
export const OUTBOX_RETRY_CAP_MS = 60_000;

/**
 * The wait before automatic retry number `attempt` (0 for the first after a failure): a floor of
 * 1 s plus full jitter over a window that doubles each time (2 s, 4 s, 8 s, ...), 60 s at most in
 * all. The first retry comes 1–3 s after the failure; `random` returns a number in [0, 1).
 */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const doublings = Math.min(Math.max(Math.floor(attempt), 0), 16);
  const window = Math.min(OUTBOX_RETRY_CAP_MS - RETRY_FLOOR_MS, RETRY_WINDOW_MS * 2 ** doublings);
  return RETRY_FLOOR_MS + Math.floor(random() * window);
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

/** How one owner's queue stopped: emptied (or only refusals left), a transient failure, a 401. */
type QueueEnd = 'done' | 'transient' | 'session';

/**
 * An outbox (ARCHITECTURE 14): writes made offline or during a failure are kept (in IndexedDB, so
 * they survive a reload and a 401), shown by their screen as not yet sent, and sent in order. A
 * write whose send ended without a clear answer is not sent again before the server was asked
 * whether it holds it (`reconcile`), so each write is stored once. A transient failure stops the
 * owner's queue (order is kept) and the outbox retries by itself: after a growing delay, at once
 * when the network returns or the tab is shown again. A 401 is told to `onOutboxSessionEnded`'s
 * listeners (outbox-session.ts) and waits for the next flush (a screen opened after sign-in). A
 * refusal marks the entry failed for the user to retry or discard, and the queue goes on.
 */
export function createOutbox<Payload>(options: OutboxOptions<Payload>): Outbox<Payload> {
  const store = options.store ?? openOutboxStore(options.kind);
  const entries = signal<readonly OutboxEntry<Payload>[]>([]);
  let loading: Promise<void> | undefined;
  const flushing = new Map<number, Promise<void>>();
  const flushAgain = new Set<number>();
  /** Owners whose queue waits for an automatic retry: the retry count and its timer. */
  const waiting = new Map<number, { attempt: number; timer?: ReturnType<typeof setTimeout> }>();
  let stopListening: (() => void) | undefined;

  const held = (id: string) => entries.value.some((entry) => entry.id === id);
  const hasPending = (owner: number) =>
    entries.value.some((entry) => entry.owner === owner && entry.status === 'pending');

  /** Stores a changed entry; one discarded or forgotten meanwhile stays gone (false). */
  const save = async (next: OutboxEntry<Payload>): Promise<boolean> => {
    if (!held(next.id)) return false;
    entries.value = entries.value.map((entry) => (entry.id === next.id ? next : entry));
    try {
      await store.put(next.id, next);
    } catch {
      // The entry stays on screen for this page; only its survival of a reload is lost.
    }
    return true;
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
          // An entry caught mid-send by a reload may or may not have reached the server.
          .map((entry): OutboxEntry<Payload> =>
            entry.status === 'sending'
              ? { ...entry, status: 'pending', uncertain: true }
              : { ...entry, uncertain: entry.uncertain === true },
          );
        entries.value = [...entries.value, ...read].sort(byAge);
      },
      () => undefined,
    ));

  const wake = () => {
    if (!onlineManager.isOnline()) return;
    for (const [owner, state] of waiting) {
      clearTimeout(state.timer);
      state.timer = undefined;
      void flush(owner);
    }
  };
  const listen = () => {
    if (stopListening) return;
    const unsubscribe = onlineManager.subscribe((online) => {
      if (!online) return;
      // A returning network starts the backoff over.
      for (const state of waiting.values()) state.attempt = 0;
      wake();
    });
    const onVisibility = () => {
      if (document.visibilityState === 'visible') wake();
    };
    const doc = typeof document === 'undefined' ? undefined : document;
    doc?.addEventListener('visibilitychange', onVisibility);
    stopListening = () => {
      unsubscribe();
      doc?.removeEventListener('visibilitychange', onVisibility);
      stopListening = undefined;
    };
  };
  const stopWaiting = (owner: number) => {
    clearTimeout(waiting.get(owner)?.timer);
    waiting.delete(owner);
    if (waiting.size === 0) stopListening?.();
  };
  /** The owner's next transient failure waits the first backoff step again. */
  const startBackoffOver = (owner: number) => {
    const state = waiting.get(owner);
    if (state) state.attempt = 0;
  };
  /** The owner waits for the network (no timer) or, with `timed`, also for its next backoff step. */
  const wait = (owner: number, timed: boolean) => {
    const state = waiting.get(owner) ?? { attempt: 0 };
    clearTimeout(state.timer);
    state.timer = undefined;
    if (timed) {
      state.timer = setTimeout(() => {
        state.timer = undefined;
        // Offline, the retry waits for the network's return instead.
        if (onlineManager.isOnline()) void flush(owner);
      }, retryDelay(state.attempt));
      state.attempt += 1;
    }
    waiting.set(owner, state);
    listen();
  };

  const delivered = async (entry: OutboxEntry<Payload>) => {
    await forget(entry.id);
    try {
      await options.afterSent?.(entry);
    } catch {
      // The write is stored; only the screen's refresh failed.
    }
  };

  /** Records a failed turn; returns 'next' when the queue goes on, else why it stops. */
  const failed = async (
    entry: OutboxEntry<Payload>,
    error: unknown,
    left: boolean,
  ): Promise<'next' | 'transient' | 'session'> => {
    const failure = classifyOutboxFailure(error);
    if (failure === 'cancelled') {
      await forget(entry.id);
      return 'next';
    }
    const uncertain = entry.uncertain || (left && outcomeUnknown(error));
    if (failure === 'refused') {
      await save({ ...entry, status: 'failed', error, uncertain });
      return 'next';
    }
    await save({ ...entry, status: 'pending', error, uncertain });
    if (failure === 'session') outboxSessionEnded();
    return failure;
  };

  /** One entry's turn: reconcile if uncertain, prepare, send; delivered entries leave. */
  const turn = async (next: OutboxEntry<Payload>): Promise<'next' | 'transient' | 'session'> => {
    let entry: OutboxEntry<Payload> = { ...next, status: 'sending' };
    if (!(await save(entry))) return 'next';
    // Whether this turn's write left for the server (a failure after it may have stored it).
    let left = false;
    try {
      if (entry.uncertain && options.reconcile) {
        if ((await options.reconcile(entry)) === 'delivered') {
          await delivered(entry);
          return 'next';
        }
        entry = { ...entry, uncertain: false };
      }
      if (options.prepare) entry = { ...entry, payload: await options.prepare(entry) };
      entry = { ...entry, attempts: entry.attempts + 1 };
      if (!(await save(entry))) return 'next';
      left = true;
      await options.send(entry);
    } catch (error) {
      return failed(entry, error, left);
    }
    await delivered(entry);
    return 'next';
  };

  const runQueue = async (owner: number): Promise<QueueEnd> => {
    await load();
    for (;;) {
      const next = entries.value.find(
        (entry) => entry.owner === owner && entry.status === 'pending',
      );
      if (!next) return 'done';
      const end = await turn(next);
      if (end !== 'next') return end;
      // The server answered this one: a later failure starts the backoff over, so a write queued
      // behind others on a server that fails now and then does not inherit their waits.
      startBackoffOver(owner);
    }
  };

  const flush = (owner: number): Promise<void> => {
    // Offline, nothing is tried: the queue starts when the network returns.
    if (!onlineManager.isOnline()) {
      wait(owner, false);
      return load();
    }
    const running = flushing.get(owner);
    if (running) {
      // A write added or retried as the queue stops is not left behind.
      flushAgain.add(owner);
      return running;
    }
    const run = (async () => {
      let end: QueueEnd;
      do {
        flushAgain.delete(owner);
        end = await runQueue(owner);
      } while (end === 'done' && flushAgain.has(owner));
      // A transient failure retries by itself; a 401 waits for a flush after sign-in.
      if (end === 'transient') wait(owner, true);
      else stopWaiting(owner);
    })().finally(() => {
      flushing.delete(owner);
      flushAgain.delete(owner);
    });
    flushing.set(owner, run);
    return run;
  };

  const outbox: Outbox<Payload> = {
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
        uncertain: false,
      };
      entries.value = [...entries.value, entry];
      await save(entry);
      void flush(owner);
    },
    flush,
    async retry(id, owner) {
      await load();
      const entry = entries.value.find((item) => item.id === id);
      if (!entry || entry.status === 'sending') return;
      startBackoffOver(owner);
      await save({ ...entry, status: 'pending' });
      await flush(owner);
    },
    async discard(id) {
      const entry = entries.value.find((item) => item.id === id);
      await forget(id);
      if (entry && !hasPending(entry.owner)) stopWaiting(entry.owner);
    },
    async forgetOwner(owner) {
      await load();
      stopWaiting(owner);
      const ids = new Set(
        entries.value.filter((entry) => entry.owner === owner).map((entry) => entry.id),
      );
      entries.value = entries.value.filter((entry) => entry.owner !== owner);
      const stored = await store.all().catch(() => []);
      for (const value of stored as Partial<OutboxEntry<Payload>>[]) {
        if (value.owner === owner && typeof value.id === 'string') ids.add(value.id);
      }
      await Promise.all([...ids].map((id) => store.remove(id)));
    },
  };
  registerLiveOutbox(outbox);
  return outbox;
}
