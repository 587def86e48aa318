import { useSignals } from '@preact/signals-react/runtime';
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Outbox, OutboxEntry } from './outbox';

/**
 * Shows an outbox for the signed-in user while a screen is open: loads the stored entries and sends
 * what waits at once (the outbox retries by itself after that). Returns the user's entries in
 * `scope` (or all of theirs), oldest first.
 */
export function useOutbox<Payload>(
  outbox: Outbox<Payload>,
  owner: number,
  scope?: string,
): readonly OutboxEntry<Payload>[] {
  useSignals();
  useEffect(() => {
    void outbox.load();
    void outbox.flush(owner);
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
