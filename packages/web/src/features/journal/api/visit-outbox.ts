import type { LmsClient } from '@lms/client';
import { createOutbox, type OutboxEntry } from '../../../lib/outbox/outbox';
import type { VisitUpdate } from '../utils/journal-class';

/**
 * Attendance and marks waiting for the server: a whole roll for a date (studentvisitinsertall)
 * or one student's change (studentvisitupdate). The entry's scope is the class (classKey).
 */
export type VisitWrite =
  { kind: 'roll'; visits: VisitUpdate[] } | { kind: 'one'; visit: VisitUpdate };

export interface VisitSender {
  client: LmsClient;
  /** Called after the server took a write of this class: the journal and the roll are asked again. */
  onSent: (scope: string) => Promise<unknown>;
}

let sender: VisitSender | null = null;

class NoSenderError extends Error {
  override readonly name = 'NoSenderError';
}

async function sendVisit(entry: OutboxEntry<VisitWrite>) {
  const current = sender;
  // Nothing can send while no journal is open; the entry waits (a transient state).
  if (!current) throw new NoSenderError('The journal is not open');
  const { payload } = entry;
  if (payload.kind === 'roll') {
    await current.client.post('/api/visitlog/studentvisitinsertall', {
      body: { visits: payload.visits },
    });
  } else {
    await current.client.post('/api/visitlog/studentvisitupdate', { body: payload.visit });
  }
  await current.onSent(entry.scope);
}

/** The visits a write carries, for the journal to lay over what is stored. */
export const visitsOf = (write: VisitWrite): VisitUpdate[] =>
  write.kind === 'roll' ? write.visits : [write.visit];

/**
 * Every roll call and mark goes through this outbox: kept in IndexedDB until the server takes it,
 * shown on the journal as not saved meanwhile, sent in order when the connection returns.
 */
export const visitOutbox = createOutbox<VisitWrite>({ kind: 'visit', send: sendVisit });

/** The journal screen lends the outbox its client while it is open. */
export function registerVisitSender(next: VisitSender): () => void {
  sender = next;
  return () => {
    if (sender === next) sender = null;
  };
}
