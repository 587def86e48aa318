import type { LmsClient } from '@lms/client';
import type { Outbox, OutboxEntry } from './outbox';
import { NoSenderError } from './outbox-failure';

/** What a screen lends an outbox while it is open: its client, for one writer's entries. */
export interface Sender {
  client: LmsClient;
  /** Account id of the signed-in user: only their entries are sent with this client. */
  owner: number;
  /** Called after the server took an entry of this scope, to ask its data again. */
  onSent: (scope: string) => Promise<unknown>;
}

/**
 * The client an outbox sends with, lent by the screen of its kind while that screen is open (with
 * what else its kind needs, `Lent`). Nothing is sent while no screen of the entry's writer is
 * open: `of(entry)` throws a NoSenderError (a transient failure: the entry waits). Lending it
 * sends the writer's waiting entries at once.
 */
export function screenSender<Payload, Lent extends Sender = Sender>(closed: string) {
  let current: Lent | null = null;
  return {
    /** The lent client for the entry's writer, or a NoSenderError saying `closed`. */
    of(entry: OutboxEntry<Payload>): Lent {
      const sender = current;
      if (!sender || sender.owner !== entry.owner) throw new NoSenderError(closed);
      return sender;
    },
    /** The outbox's afterSent: the open screen of the writer asks the entry's scope again. */
    async afterSent(entry: OutboxEntry<Payload>): Promise<void> {
      if (current?.owner === entry.owner) await current.onSent(entry.scope);
    },
    /** Lends `next` to `outbox` and sends its writer's entries; the returned function takes it back. */
    lend(next: Lent, outbox: Pick<Outbox<Payload>, 'flush'>): () => void {
      current = next;
      void outbox.flush(next.owner);
      return () => {
        if (current === next) current = null;
      };
    },
  };
}
