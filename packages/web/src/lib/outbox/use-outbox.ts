import { useSignals } from '@preact/signals-react/runtime';
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Outbox, OutboxEntry } from './outbox';

/** Backoff between automatic retries while entries wait and the browser says it is online. */
export const OUTBOX_RETRY_MS = [5_000, 15_000, 30_000, 60_000] as const;

/**
 * Keeps an outbox moving for the signed-in user while a screen shows it: loads the stored entries,
 * sends them at once, again whenever the connection returns, and on a growing delay while some
 * still wait. Returns the user's entries in `scope` (or all of theirs), oldest first.
 */
export function useOutbox<Payload>(
  outbox: Outbox<Payload>,
  owner: number,
  scope?: string,
): readonly OutboxEntry<Payload>[] {
  useSignals();
  useEffect(() => {
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const run = async () => {
      clearTimeout(timer);
      if (!onlineManager.isOnline()) return;
      await outbox.flush(owner);
      if (stopped) return;
      const waiting = outbox.entries.value.some(
        (entry) => entry.owner === owner && entry.status === 'pending',
      );
      if (!waiting) {
        attempt = 0;
        return;
      }
      const delay = OUTBOX_RETRY_MS[Math.min(attempt, OUTBOX_RETRY_MS.length - 1)];
      attempt += 1;
      timer = setTimeout(() => void run(), delay);
    };
    void run();
    const unsubscribe = onlineManager.subscribe((online) => {
      if (online) {
        attempt = 0;
        void run();
      }
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
    };
  }, [outbox, owner]);
  const all = outbox.entries.value;
  // The same array until the outbox changes, so screens can memoise what they derive from it.
  return useMemo(
    () =>
      all.filter(
        (entry) => entry.owner === owner && (scope === undefined || entry.scope === scope),
      ),
    [all, owner, scope],
  );
}

/**
 * What a waiting write's line says, as a key the screens translate (`outbox.<state>`): refused,
 * on its way, waiting for the network, or waiting for its turn.
 */
export type OutboxState = 'failed' | 'sending' | 'offline' | 'pending';

export function outboxState(entry: Pick<OutboxEntry<unknown>, 'status'>): OutboxState {
  if (entry.status === 'failed') return 'failed';
  if (entry.status === 'sending') return 'sending';
  return onlineManager.isOnline() ? 'pending' : 'offline';
}
