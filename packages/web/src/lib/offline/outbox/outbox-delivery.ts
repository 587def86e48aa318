import { onlineManager } from '@tanstack/react-query';
import type { OutboxEntry, OutboxOptions } from './outbox';
import { heldIfLost, type EntryCopy } from './outbox-entries';
import { classifyOutboxFailure, outcomeUnknown } from './outbox-failure';
import type { RetrySchedule } from './outbox-schedule';
import { outboxSessionEnded } from './outbox-session';
import { deliveryLockName, type OutboxTabs } from './outbox-tabs';

/** How one owner's queue stopped: emptied (or only refusals left), a transient failure, a 401. */
type QueueEnd = 'done' | 'transient' | 'session';
/** How one entry's turn ended: the queue goes on, or stops as the queue does. */
type TurnEnd = 'next' | Exclude<QueueEnd, 'done'>;

/** The owner's lock is held by another tab (asked for only if available). */
const BUSY = 'busy';
/** Without Web Locks, a tab the person does not see leaves delivering to the one they see. */
const HIDDEN = 'hidden';

/**
 * Runs `work` while this tab alone delivers the owner's writes of the `shared` store: under the
 * owner's Web Lock (waited for, or only if free), or without Web Locks while the person sees this
 * tab. A store of this page alone (no `shared`) needs neither.
 */
async function exclusive<T>(
  tabs: OutboxTabs,
  shared: string | undefined,
  owner: number,
  work: () => Promise<T>,
  ifAvailable = false,
): Promise<T | typeof BUSY | typeof HIDDEN> {
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
}

/**
 * One entry's turn: reconciled first if uncertain, prepared, sent; delivered, it leaves (every tab
 * is told, with the server's answer) and its screen reads the server again. A cancelled send
 * leaves, a refusal waits for the person, and any other failure stops the queue with the entry
 * waiting (uncertain if its write had left and its outcome is unknown); a 401 is told to
 * `onOutboxSessionEnded`'s listeners.
 */
function createTurn<Payload>(options: OutboxOptions<Payload>, copy: EntryCopy<Payload>) {
  const delivered = async (entry: OutboxEntry<Payload>, receipt?: unknown) => {
    await copy.forget(entry.id, { type: 'delivered', id: entry.id, receipt });
    try {
      await options.afterSent?.(entry);
    } catch {
      // The write is stored; only the screen's refresh failed.
    }
  };

  const failed = async (
    entry: OutboxEntry<Payload>,
    error: unknown,
    left: boolean,
  ): Promise<TurnEnd> => {
    const failure = classifyOutboxFailure(error);
    if (failure === 'cancelled') {
      await copy.forget(entry.id);
      return 'next';
    }
    const uncertain = entry.uncertain || (left && outcomeUnknown(error));
    if (failure === 'refused') {
      await copy.save({ ...entry, status: 'failed', error, uncertain });
      return 'next';
    }
    await copy.save({ ...entry, status: 'pending', error, uncertain });
    if (failure === 'session') outboxSessionEnded();
    return failure;
  };

  return async (next: OutboxEntry<Payload>): Promise<TurnEnd> => {
    let entry: OutboxEntry<Payload> = { ...next, status: 'sending' };
    if (!(await copy.save(entry))) return 'next';
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
      if (!(await copy.save(entry))) return 'next';
      left = true;
      receipt = await options.send(entry);
    } catch (error) {
      return failed(entry, error, left);
    }
    await delivered(entry, receipt);
    return 'next';
  };
}

/**
 * Delivering an owner's writes, in order, from one tab at a time (`exclusive`): the queue runs
 * entry by entry until it is empty or a failure stops it, and `schedule` says when it runs again.
 * Before each entry the store is read again, so an entry another tab delivered or dropped
 * meanwhile is not sent.
 */
export function createDelivery<Payload>(
  options: OutboxOptions<Payload>,
  copy: EntryCopy<Payload>,
  schedule: RetrySchedule,
  tabs: OutboxTabs,
) {
  const { shared } = copy;
  const turn = createTurn(options, copy);
  const flushing = new Map<number, Promise<void>>();
  const flushAgain = new Set<number>();
  /** Owners this tab delivers for (a screen of theirs asked): another tab's news may start them. */
  const delivering = new Set<number>();

  /**
   * With the owner's lock: an entry of theirs still 'sending' has no tab sending it any more (its
   * tab closed or reloaded mid-send), so the server may hold it and it is reconciled first.
   */
  const resumeCutOff = async (owner: number) => {
    for (const entry of copy.entries.value) {
      if (entry.owner === owner && entry.status === 'sending') {
        await copy.save(heldIfLost({ ...entry, status: 'pending', uncertain: true }));
      }
    }
  };

  /** The owner's queue, run while this tab alone delivers their writes. */
  const runQueue = async (owner: number): Promise<QueueEnd> => {
    await copy.load();
    if (shared) {
      await copy.refresh();
      await resumeCutOff(owner);
    }
    for (;;) {
      const next = copy.entries.value.find(
        (entry) => entry.owner === owner && entry.status === 'pending',
      );
      if (!next) return 'done';
      const end = await turn(next);
      if (end !== 'next') return end;
      // The server answered this one: a later failure starts the backoff over, so a write queued
      // behind others on a server that fails now and then does not inherit their waits.
      schedule.startOver(owner);
      // Another tab may have added, retried or discarded an entry meanwhile.
      if (shared) await copy.refresh();
    }
  };

  /** Sends the owner's waiting entries in order; resolves once the queue stops. */
  const flush = (owner: number): Promise<void> => {
    delivering.add(owner);
    // Offline, nothing is tried: the queue starts when the network returns. A write cut off
    // mid-send shows as waiting rather than on its way (unless a tab, this one too, is at the
    // queue: its send ends by itself).
    if (!onlineManager.isOnline()) {
      schedule.wait(owner, false);
      return copy.load().then(async () => {
        if (!shared || flushing.has(owner)) return;
        const resume = () => copy.refresh().then(() => resumeCutOff(owner));
        await exclusive(tabs, shared, owner, resume, true);
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
        end = await exclusive(tabs, shared, owner, () => runQueue(owner));
      } while (end === 'done' && flushAgain.has(owner));
      // A transient failure retries by itself; a 401 waits for a flush after sign-in; a tab out
      // of sight (without Web Locks) waits to be shown.
      if (end === 'transient') schedule.wait(owner, true);
      else if (end === HIDDEN) schedule.wait(owner, false);
      else schedule.stop(owner);
    })().finally(() => {
      flushing.delete(owner);
      flushAgain.delete(owner);
    });
    flushing.set(owner, run);
    return run;
  };

  return {
    flush,
    /** The owner's writes are no longer this tab's to deliver (signed out). */
    release: (owner: number) => delivering.delete(owner),
    /**
     * After another tab's news: a queue this tab holds back (a retry's wait, the network) keeps
     * its wait; an idle one with something undelivered asks for the owner's lock, so it takes
     * over if the tab sending now closes mid-send.
     */
    resumeIdle: () => {
      for (const owner of delivering) {
        const undelivered = copy.entries.value.some(
          (entry) => entry.owner === owner && entry.status !== 'failed',
        );
        if (!schedule.isWaiting(owner) && !flushing.has(owner) && undelivered) void flush(owner);
      }
    },
  };
}
