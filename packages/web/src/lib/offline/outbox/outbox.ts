import type { ReadonlySignal } from '@preact/signals-react';
import { createDelivery } from './outbox-delivery';
import { createEntryCopy } from './outbox-entries';
import { createRetrySchedule } from './outbox-schedule';
import {
  openOutboxStore,
  registerLiveOutbox,
  type OutboxFiles,
  type OutboxKind,
  type OutboxStore,
} from './outbox-store';
import { browserTabs, type OutboxNews, type OutboxTabs } from './outbox-tabs';

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

let sequence = 0;
function newId(): string {
  sequence += 1;
  const random = globalThis.crypto?.randomUUID?.() ?? Math.random().toString(36).slice(2);
  return `${Date.now()}-${sequence}-${random}`;
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
 *
 * Its parts: the page's copy of the stored entries, changed in step with the store and the other
 * tabs (outbox-entries.ts), the retries' schedule (outbox-schedule.ts), and the delivery of an
 * owner's queue, one entry at a time under the owner's lock (outbox-delivery.ts).
 */
export function createOutbox<Payload>(options: OutboxOptions<Payload>): Outbox<Payload> {
  const store = options.store ?? openOutboxStore(options.kind, options.files);
  const copy = createEntryCopy<Payload>(store, (news) => hear(news));
  const { entries, load } = copy;
  const schedule = createRetrySchedule((owner) => delivery.flush(owner));
  const delivery = createDelivery(options, copy, schedule, options.tabs ?? browserTabs());
  const { flush } = delivery;

  /** Another tab delivered the entry: it shows as sent here, leaves, and its screen reads again. */
  const deliveredThere = async (id: string, receipt: unknown) => {
    const entry = await copy.leaveDelivered(id, (shown) => {
      try {
        options.deliveredElsewhere?.(shown, receipt);
      } catch {
        // The server holds it: failing to show it must not keep it waiting here.
      }
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
    schedule.stop(owner);
    delivery.release(owner);
    return copy.dropOwner(owner);
  };

  /** What another tab changed: this page follows it. */
  function hear(news: OutboxNews) {
    if (news.type === 'forgot') {
      // A sign-out in another tab: anything a send ending here stored again goes too.
      void dropOwner(news.owner);
      return;
    }
    if (news.type === 'delivered') void deliveredThere(news.id, news.receipt);
    void copy.refresh().then(delivery.resumeIdle);
  }

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
      copy.add(entry);
      await copy.save(entry);
      void flush(owner);
    },
    flush,
    async retry(id, owner) {
      await load();
      const entry = entries.value.find((item) => item.id === id);
      if (!entry || entry.status === 'sending') return;
      schedule.startOver(owner);
      // A write that lost files goes without them: the person was told which.
      const { lostFiles: _lost, ...rest } = entry;
      await copy.save({ ...rest, status: 'pending' });
      await flush(owner);
    },
    async discard(id) {
      const entry = entries.value.find((item) => item.id === id);
      await copy.forget(id);
      if (!entry) return;
      const { owner } = entry;
      // Nothing of the owner's left to send: no retry waits.
      if (!entries.value.some((item) => item.owner === owner && item.status === 'pending')) {
        schedule.stop(owner);
      }
    },
    async forgetOwner(owner) {
      await load();
      await dropOwner(owner);
      copy.tell({ type: 'forgot', owner });
    },
  };
  registerLiveOutbox(outbox);
  return outbox;
}
