import type { OutboxEntry } from '../../../lib/offline/outbox/outbox';
import type { ChatSend } from '../api/send-message';
import type { ChatMessage } from './conversation';
import type { AcceptedMessage } from './thread';

/**
 * One row of the virtual list: a message, the unread divider, a message the server took that no
 * read has brought back yet, or a message still in the outbox.
 */
export type ThreadRow =
  | { kind: 'message'; key: string; message: ChatMessage }
  | { kind: 'divider'; key: string }
  | { kind: 'accepted'; key: string; message: AcceptedMessage }
  | { kind: 'pending'; key: string; entry: OutboxEntry<ChatSend> };

/**
 * Where the unread divider goes for this opening of the conversation: before the first unread
 * message (the unread start) when some were unread as it opened, else nowhere. It stays
 * there while the messages are read, as a marker of what was new.
 */
export function dividerStartOf(thread: { unreadStart: number | null; unreadTotal: number }) {
  return thread.unreadTotal > 0 ? thread.unreadStart : null;
}

/**
 * The rows in order: held messages with the unread divider, the messages taken but not read back,
 * then the outbox entries. A message keeps its row's key from the outbox to being taken, and an
 * entry whose message was taken (it leaves the outbox a moment later) is shown once, as taken.
 */
export function threadRows(
  messages: readonly ChatMessage[],
  dividerStart: number | null,
  pending: readonly OutboxEntry<ChatSend>[],
  accepted: readonly AcceptedMessage[] = [],
): ThreadRow[] {
  const rows: ThreadRow[] = [];
  const dividerAt =
    dividerStart !== null
      ? messages.findIndex((message) => !message.ismine && message.id_message >= dividerStart)
      : -1;
  messages.forEach((message, index) => {
    if (index === dividerAt) rows.push({ kind: 'divider', key: 'unread-divider' });
    rows.push({ kind: 'message', key: `m${message.id_message}`, message });
  });
  for (const message of accepted) {
    rows.push({ kind: 'accepted', key: `p${message.entryId}`, message });
  }
  const taken = new Set(accepted.map((message) => message.entryId));
  for (const entry of pending) {
    if (!taken.has(entry.id)) rows.push({ kind: 'pending', key: `p${entry.id}`, entry });
  }
  return rows;
}

/** Where the view opens: at the unread divider if there is one, else at the newest row. */
export function openingRow(rows: readonly ThreadRow[]): number {
  const divider = rows.findIndex((row) => row.kind === 'divider');
  return divider >= 0 ? divider : rows.length - 1;
}
