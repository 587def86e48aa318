import { signal, type ReadonlySignal } from '@preact/signals-react';
import { onlineManager } from '@tanstack/react-query';
import { classifyOutboxFailure, outcomeUnknown } from './outbox-failure';
import { outboxSessionEnded } from './outbox-session';
import {
  openOutboxStore,
  registerLiveOutbox,
  type OutboxFiles,
  type OutboxKind,
  type OutboxStore,
} from './outbox-store';
import {
  browserTabs,
  deliveryLockName,
  isOutboxNews,
  openOutboxChannel,
  postOutboxNews,
  type OutboxNews,
  type OutboxTabs,
} from './outbox-tabs';

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
  /**
   * 'sending' while a tab sends it; one found so by the next tab to deliver was cut off mid-send
   * (its tab closed or reloaded), and is reconciled before it is sent again.
   */
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
  /**
   * Files the write held that did not come back to this page: their bytes could not be stored
   * and the page that held them went. It waits for the person as a refused write does, and a
   * retry sends it without them.
   */
  lostFiles?: readonly string[];
  /**
   * Files only this page holds (the device could not store their bytes): sent from here, lost
   * by a reload. Not stored: each page says what it holds.
   */
  pageOnlyFiles?: readonly string[];
}

/** What the server holds of an uncertain write. */
export type Reconciled = 'delivered' | 'missing';

export interface Outbox<Payload> {
  readonly kind: OutboxKind;
  /** Every entry, oldest first; screens filter by owner and scope. */
  readonly entries: ReadonlySignal<readonly OutboxEntry<Payload>[]>;
  /** False when entries cannot outlive the page (no IndexedDB). */
  readonly persistent: boolean;
  /** Reads the stored entries (later calls reuse the first read; other tabs' changes follow). */
  load(): Promise<void>;
  /** Keeps a write and starts sending it at once (after what is already waiting). */
  add(entry: Pick<OutboxEntry<Payload>, 'owner' | 'scope' | 'payload' | 'files'>): Promise<void>;
  /** Sends the owner's waiting entries in order; returns once the queue stops. */
  flush(owner: number): Promise<void>;
  retry(id: string, owner: number): Promise<void>;
  discard(id: string): Promise<void>;
  /**
   * Drops every entry of the owner, here, in the store and in the other tabs (a shared device's
   * sign-out).
   */
  forgetOwner(owner: number): Promise<void>;
}

export interface OutboxOptions<Payload> {
  /** Names the IndexedDB store: one per kind of write. */
  kind: OutboxKind;
  /**
   * Delivers one entry and nothing more: resolves when the server stored it (with what the
   * server answered, which the other tabs get as `deliveredElsewhere`'s receipt), rejects with the
   * client's error. The entry is removed as soon as it resolves, before `afterSent` reads the
   * server again: a kind whose screen must go on showing the write (the chat's message) puts what
   * the server took into its own data before resolving (as `reconcile` does before 'delivered').
   */
  send: (entry: OutboxEntry<Payload>) => Promise<unknown>;
  /**
   * Runs after an entry was delivered (the screen's refresh), in the tab that delivered it and in
   * every other tab that showed it. Its failure is ignored: the write is stored, so it is neither
   * shown as unsent nor sent again.
   */
  afterSent?: (entry: OutboxEntry<Payload>) => Promise<unknown>;
  /**
   * In a tab that shows an entry another tab delivered, just before it leaves: what the screen
   * shows of it as sent until `afterSent` has read the server (the chat's message). `receipt` is
   * what `send` resolved with there, absent when the write was found stored.
   */
  deliveredElsewhere?: (entry: OutboxEntry<Payload>, receipt: unknown) => void;
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
  /**
   * Keeps the entries' files apart from them, as their bytes (`keepFilesApart()`,
   * outbox-files.ts): a kind whose writes carry files gives it, or WebKit keeps none of those
   * writes across a reload (it refuses a File in IndexedDB).
   */
  files?: OutboxFiles;
  store?: OutboxStore;
  /** The browser's Web Locks and visibility (tests give each of their tabs its own). */
  tabs?: OutboxTabs;
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

/** The owner's lock is held by another tab (asked for only if available). */
const BUSY = 'busy';
/** Without Web Locks, a tab the person does not see leaves delivering to the one they see. */
const HIDDEN = 'hidden';

/**
 * An entry that lost files is not sent by itself: the person decides, as for a refused write,
 * whether it goes without them.
 */
function heldIfLost<Payload>(entry: OutboxEntry<Payload>): OutboxEntry<Payload> {
  if (!entry.lostFiles?.length || entry.status !== 'pending') return entry;
  return { ...entry, status: 'failed', error: undefined };
}

/** An entry as the store holds it, read by a page. */
function asRead<Payload>(value: OutboxEntry<Payload>): OutboxEntry<Payload> {
  return heldIfLost({ ...value, uncertain: value.uncertain === true });
}

const sameNames = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((name, at) => name === b[at]);

/** Whether a read of the store says nothing new about an entry the page shows. */
function sameState<Payload>(shown: OutboxEntry<Payload>, read: OutboxEntry<Payload>): boolean {
  return (
    shown.status === read.status &&
    shown.attempts === read.attempts &&
    shown.uncertain === read.uncertain &&
    shown.createdAt === read.createdAt
  );
}

/**
 * An outbox (docs/adr/0002-indexeddb-outbox.md): writes made offline or during a failure are kept
 * (in IndexedDB, so they survive a reload and a 401), shown by their screen as not yet sent, and
 * sent in order. A write whose send ended without a clear answer is not sent again before the
 * server was asked whether it holds it (`reconcile`), so each write is stored once. A transient
 * failure stops the owner's queue (order is kept) and the outbox retries by itself: after a growing
 * delay, at once when the network returns or the tab is shown again. A 401 is told to
 * `onOutboxSessionEnded`'s listeners (outbox-session.ts) and waits for the next flush (a screen
 * opened after sign-in). A refusal marks the entry failed for the user to retry or discard, and the
 * queue goes on.
 *
 * Every tab of the browser shows the same entries (the store is shared), but one tab at a time
 * delivers and reconciles an owner's writes: it holds the owner's Web Lock (which the browser
 * releases when the tab closes mid-send) and reads the store again before each entry, so an
 * entry another tab delivered or dropped meanwhile is not sent. A tab tells the others what it
 * changed (outbox-tabs.ts), and they follow: an entry delivered there shows as sent here and
 * its screen reads the server again. Without Web Locks, only the tab the person sees delivers.
 */
export function createOutbox<Payload>(options: OutboxOptions<Payload>): Outbox<Payload> {
  const store = options.store ?? openOutboxStore(options.kind, options.files);
  const tabs = options.tabs ?? browserTabs();
  // Only a store in IndexedDB is shared with other tabs; one in memory is this page's alone.
  const shared = store.persistent ? store.name : undefined;
  const entries = signal<readonly OutboxEntry<Payload>[]>([]);
  let loading: Promise<void> | undefined;
  const flushing = new Map<number, Promise<void>>();
  const flushAgain = new Set<number>();
  /** Owners whose queue waits for an automatic retry: the retry count and its timer. */
  const waiting = new Map<number, { attempt: number; timer?: ReturnType<typeof setTimeout> }>();
  /** Owners this tab delivers for (a screen of theirs asked): another tab's news may start them. */
  const delivering = new Set<number>();
  /** Ids this page has seen in the store: one gone from it was delivered or dropped elsewhere. */
  const stored = new Set<string>();
  /**
   * Entries that left the store under another tab, newest last: the news that one was delivered
   * may come after this page read the store (the lock passes before the message arrives).
   */
  const vanished = new Map<string, OutboxEntry<Payload>>();
  const VANISHED_KEPT = 50;
  let channel: BroadcastChannel | null = null;
  let stopListening: (() => void) | undefined;

  const held = (id: string) => entries.value.some((entry) => entry.id === id);
  const hasPending = (owner: number) =>
    entries.value.some((entry) => entry.owner === owner && entry.status === 'pending');
  /** Whether something of the owner waits to be delivered (or was cut off mid-send). */
  const hasUndelivered = (owner: number) =>
    entries.value.some((entry) => entry.owner === owner && entry.status !== 'failed');
  const tell = (news: OutboxNews) => postOutboxNews(channel, news);

  // The list and the store change one step at a time, so a read of the store never undoes a
  // change this page made after the read began.
  let lastStep: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(step: () => Promise<T>): Promise<T> => {
    const run = lastStep.then(step);
    lastStep = run.catch(() => undefined);
    return run;
  };

  /**
   * Stores a changed entry; one discarded, forgotten or delivered meanwhile stays gone (false).
   * The entry then names the files only this page holds.
   */
  const save = (next: OutboxEntry<Payload>): Promise<boolean> =>
    inTurn(async () => {
      if (!held(next.id)) return false;
      entries.value = entries.value.map((entry) => (entry.id === next.id ? next : entry));
      try {
        const write = await store.put(next.id, next);
        stored.add(next.id);
        tell({ type: 'changed' });
        const pageOnlyFiles = write?.pageOnlyFiles ?? [];
        if (!sameNames(next.pageOnlyFiles, pageOnlyFiles)) {
          const { pageOnlyFiles: _before, ...rest } = next;
          const noted = pageOnlyFiles.length > 0 ? { ...rest, pageOnlyFiles } : rest;
          entries.value = entries.value.map((entry) => (entry.id === next.id ? noted : entry));
        }
      } catch {
        // The entry stays on screen for this page; only its survival of a reload is lost.
      }
      return true;
    });
  const forget = (id: string, news: OutboxNews = { type: 'changed' }) =>
    inTurn(async () => {
      entries.value = entries.value.filter((entry) => entry.id !== id);
      try {
        await store.remove(id);
      } catch {
        // As above.
      }
      stored.delete(id);
      tell(news);
    });

  /**
   * Reads the store into the list: what other tabs added, changed or removed. An entry this page
   * never managed to store stays (it is this page's only copy). On a page's first read of a store
   * no other tab shares, an entry caught mid-send by a reload may or may not have reached the
   * server; a shared store leaves that to the tab that next holds the owner's lock.
   */
  const readStore = async (first: boolean) => {
    let values: OutboxEntry<Payload>[];
    try {
      values = (await store.all()) as OutboxEntry<Payload>[];
    } catch {
      return;
    }
    const found = new Map(
      values.map((value): [string, OutboxEntry<Payload>] => {
        const read = asRead(value);
        const cutOff = first && !shared && read.status === 'sending';
        return [
          read.id,
          cutOff ? heldIfLost({ ...read, status: 'pending', uncertain: true }) : read,
        ];
      }),
    );
    let changed = false;
    const next: OutboxEntry<Payload>[] = [];
    for (const entry of entries.value) {
      const read = found.get(entry.id);
      found.delete(entry.id);
      if (read) {
        const same = sameState(entry, read);
        next.push(same ? entry : read);
        changed ||= !same;
      } else if (!stored.has(entry.id)) next.push(entry);
      else {
        changed = true;
        vanished.set(entry.id, entry);
        if (vanished.size > VANISHED_KEPT) vanished.delete(vanished.keys().next().value!);
      }
    }
    next.push(...found.values());
    changed ||= found.size > 0;
    stored.clear();
    for (const value of values) stored.add(value.id);
    if (changed) entries.value = next.sort(byAge);
  };
  let queuedRead: Promise<void> | undefined;
  /** Reads the store once more after whatever this page is changing (joined while queued). */
  const refresh = (): Promise<void> =>
    (queuedRead ??= inTurn(() => {
      queuedRead = undefined;
      return readStore(false);
    }));

  /** Another tab delivered the entry: it shows as sent here, leaves, and its screen reads again. */
  const deliveredThere = async (id: string, receipt: unknown) => {
    const entry = await inTurn(async () => {
      const shown = entries.value.find((item) => item.id === id) ?? vanished.get(id);
      vanished.delete(id);
      if (!shown) return undefined;
      try {
        options.deliveredElsewhere?.(shown, receipt);
      } catch {
        // The server holds it: failing to show it must not keep it waiting here.
      }
      entries.value = entries.value.filter((item) => item.id !== id);
      stored.delete(id);
      return shown;
    });
    if (!entry) return;
    try {
      await options.afterSent?.(entry);
    } catch {
      // As after a delivery here.
    }
  };

  /** Drops every entry of the owner from this page and from the store. */
  const dropOwner = (owner: number) => {
    stopWaiting(owner);
    delivering.delete(owner);
    return inTurn(async () => {
      entries.value = entries.value.filter((entry) => entry.owner !== owner);
      const values = (await store.all({ files: false }).catch(() => [])) as Partial<
        OutboxEntry<Payload>
      >[];
      for (const value of values) {
        if (value.owner !== owner || typeof value.id !== 'string') continue;
        await store.remove(value.id).catch(() => undefined);
        stored.delete(value.id);
      }
    });
  };

  const hear = (news: OutboxNews) => {
    if (news.type === 'forgot') {
      // A sign-out in another tab: anything a send ending here stored again goes too.
      void dropOwner(news.owner);
      return;
    }
    if (news.type === 'delivered') void deliveredThere(news.id, news.receipt);
    void refresh().then(() => {
      // A queue this tab holds back (a retry's wait, the network) keeps its wait; an idle one
      // asks for the owner's lock, so it takes over if the tab sending now closes mid-send.
      for (const owner of delivering) {
        if (!waiting.has(owner) && !flushing.has(owner) && hasUndelivered(owner)) {
          void flush(owner);
        }
      }
    });
  };

  const load = () =>
    (loading ??= (() => {
      if (shared && !channel) {
        channel = openOutboxChannel(shared);
        channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
          if (isOutboxNews(event.data)) hear(event.data);
        });
      }
      return inTurn(() => readStore(true));
    })());

  /**
   * Runs `work` while this tab alone delivers the owner's writes: under the owner's Web Lock
   * (waited for, or only if free), or without Web Locks while the person sees this tab.
   */
  const exclusive = async <T>(
    owner: number,
    work: () => Promise<T>,
    ifAvailable = false,
  ): Promise<T | typeof BUSY | typeof HIDDEN> => {
    if (!shared) return work();
    const { locks } = tabs;
    if (!locks) return tabs.inFront() ? work() : HIDDEN;
    let granted = false;
    try {
      return await locks.request(deliveryLockName(shared, owner), { ifAvailable }, (lock) => {
        if (!lock) return BUSY;
        granted = true;
        return work();
      });
    } catch (error) {
      if (granted) throw error;
      // A browser that refuses the lock (an opaque origin) delivers from the tab in front.
      return tabs.inFront() ? work() : HIDDEN;
    }
  };

  /**
   * With the owner's lock: an entry of theirs still 'sending' has no tab sending it any more (its
   * tab closed or reloaded mid-send), so the server may hold it and it is reconciled first.
   */
  const resumeCutOff = async (owner: number) => {
    for (const entry of entries.value) {
      if (entry.owner === owner && entry.status === 'sending') {
        await save(heldIfLost({ ...entry, status: 'pending', uncertain: true }));
      }
    }
  };

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

  /** The server holds the entry: it leaves (every tab is told, with the answer) and is refreshed. */
  const delivered = async (entry: OutboxEntry<Payload>, receipt?: unknown) => {
    await forget(entry.id, { type: 'delivered', id: entry.id, receipt });
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
    let receipt: unknown;
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
      receipt = await options.send(entry);
    } catch (error) {
      return failed(entry, error, left);
    }
    await delivered(entry, receipt);
    return 'next';
  };

  /** The owner's queue, run while this tab alone delivers their writes. */
  const runQueue = async (owner: number): Promise<QueueEnd> => {
    await load();
    if (shared) {
      await refresh();
      await resumeCutOff(owner);
    }
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
      // Another tab may have added, retried or discarded an entry meanwhile.
      if (shared) await refresh();
    }
  };

  const flush = (owner: number): Promise<void> => {
    delivering.add(owner);
    // Offline, nothing is tried: the queue starts when the network returns. A write cut off
    // mid-send shows as waiting rather than on its way (unless a tab, this one too, is at the
    // queue: its send ends by itself).
    if (!onlineManager.isOnline()) {
      wait(owner, false);
      return load().then(async () => {
        if (!shared || flushing.has(owner)) return;
        await exclusive(owner, () => refresh().then(() => resumeCutOff(owner)), true);
      });
    }
    const running = flushing.get(owner);
    if (running) {
      // A write added or retried as the queue stops is not left behind.
      flushAgain.add(owner);
      return running;
    }
    const run = (async () => {
      let end: QueueEnd | typeof BUSY | typeof HIDDEN;
      do {
        flushAgain.delete(owner);
        end = await exclusive(owner, () => runQueue(owner));
      } while (end === 'done' && flushAgain.has(owner));
      // A transient failure retries by itself; a 401 waits for a flush after sign-in; a tab out
      // of sight (without Web Locks) waits to be shown.
      if (end === 'transient') wait(owner, true);
      else if (end === HIDDEN) wait(owner, false);
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
      // A write that lost files goes without them: the person was told which.
      const { lostFiles: _lost, ...rest } = entry;
      await save({ ...rest, status: 'pending' });
      await flush(owner);
    },
    async discard(id) {
      const entry = entries.value.find((item) => item.id === id);
      await forget(id);
      if (entry && !hasPending(entry.owner)) stopWaiting(entry.owner);
    },
    async forgetOwner(owner) {
      await load();
      await dropOwner(owner);
      tell({ type: 'forgot', owner });
    },
  };
  registerLiveOutbox(outbox);
  return outbox;
}
