import { screenSender, type Sender } from '../../../lib/offline/outbox/screen-sender';
import { createOutbox, type OutboxEntry } from '../../../lib/offline/outbox/outbox';
import type { VisitUpdate } from '../utils/journal-class';
import { visitsStored } from './reconcile-visits';

/**
 * Attendance and marks waiting for the server: a whole roll for a date (studentvisitinsertall)
 * or one student's change (studentvisitupdate). The entry's scope is the class (classKey).
 */
export type VisitWrite =
  { kind: 'roll'; visits: VisitUpdate[] } | { kind: 'one'; visit: VisitUpdate };

/** Nothing is sent while no journal of the writer is open; the entry waits. */
const sender = screenSender<VisitWrite>('The journal is not open');

async function sendVisit(entry: OutboxEntry<VisitWrite>) {
  const { client } = sender.of(entry);
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
    (await visitsStored(sender.of(entry).client, visitsOf(entry.payload)))
      ? 'delivered'
      : 'missing',
  afterSent: sender.afterSent,
});

/**
 * The journal screen lends the outbox its client while it is open; its teacher's writes go at
 * once, and a class a write reached (its scope) has its journal and roll asked again.
 */
export const registerVisitSender = (next: Sender) => sender.lend(next, visitOutbox);
