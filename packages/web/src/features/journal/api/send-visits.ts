import type { LmsClient } from '@lms/client';
import { createOutbox, type OutboxEntry } from '../../../lib/outbox/outbox';
import { NoSenderError } from '../../../lib/outbox/outbox-failure';
import type { VisitUpdate } from '../utils/journal-class';
import { visitsStored } from './reconcile-visits';

/**
 * Attendance and marks waiting for the server: a whole roll for a date (studentvisitinsertall)
 * or one student's change (studentvisitupdate). The entry's scope is the class (classKey).
 */
export type VisitWrite =
  { kind: 'roll'; visits: VisitUpdate[] } | { kind: 'one'; visit: VisitUpdate };

export interface VisitSender {
  client: LmsClient;
  /** Account id of the signed-in teacher: only their writes are sent with this client. */
  owner: number;
  /** Called after the server took a write of this class: the journal and the roll are asked again. */
  onSent: (scope: string) => Promise<unknown>;
}

let sender: VisitSender | null = null;

function senderFor(entry: OutboxEntry<VisitWrite>): VisitSender {
  const current = sender;
  // Nothing is sent while no journal of the writer is open; the entry waits (transient).
  if (!current || current.owner !== entry.owner) throw new NoSenderError('The journal is not open');
  return current;
}

async function sendVisit(entry: OutboxEntry<VisitWrite>) {
  const { client } = senderFor(entry);
  const { payload } = entry;
  if (payload.kind === 'roll') {
    await client.post('/api/visitlog/studentvisitinsertall', {
      body: { visits: payload.visits },
    });
  } else {
    await client.post('/api/visitlog/studentvisitupdate', { body: payload.visit });
  }
}

/** The visits a write carries, for the journal to lay over what is stored. */
export const visitsOf = (write: VisitWrite): VisitUpdate[] =>
  write.kind === 'roll' ? write.visits : [write.visit];

/**
 * Every roll call and mark goes through this outbox: kept in IndexedDB until the server takes it,
 * shown on the journal as not saved meanwhile, sent in order when the connection returns, and
 * after an unknown outcome sent again only when the server does not hold its values.
 */
export const visitOutbox = createOutbox<VisitWrite>({
  kind: 'visit',
  send: sendVisit,
  reconcile: async (entry) =>
    (await visitsStored(senderFor(entry).client, visitsOf(entry.payload)))
      ? 'delivered'
      : 'missing',
  afterSent: async (entry) => {
    if (sender?.owner === entry.owner) await sender.onSent(entry.scope);
  },
});

/** The journal screen lends the outbox its client while it is open; its user's writes go at once. */
export function registerVisitSender(next: VisitSender): () => void {
  sender = next;
  void visitOutbox.flush(next.owner);
  return () => {
    if (sender === next) sender = null;
  };
}
