import type { components } from '@lms/client';
import { GROUP_CHAT_ID } from '../../../lib/academic-context/selection';

/** One row of POST /api/chat/count: a contact (or the group chat, idid -1) and its unread count. */
export type UnreadCount = components['schemas']['ChatUnreadCount'];

/** The group chat's unread count (its row idid -1), 0 when it has none. */
export function groupUnreadOf(rows: readonly UnreadCount[]): number {
  return rows.find((row) => row.idid === GROUP_CHAT_ID)?.countMessages ?? 0;
}

/**
 * The rows with one conversation's count set (the open conversation knows its own count best): the
 * row is replaced, added when it was missing, and dropped at zero (the answer lists only contacts
 * with unread messages). The same array when nothing changes.
 */
export function withUnreadCount(
  rows: readonly UnreadCount[],
  contact: Pick<UnreadCount, 'idid' | 'id_type'>,
  count: number,
): readonly UnreadCount[] {
  // The group chat is one row whatever its id_type; a person is one id of one role.
  const same = (row: UnreadCount) =>
    row.idid === contact.idid && (row.idid === GROUP_CHAT_ID || row.id_type === contact.id_type);
  const held = rows.find(same);
  if ((held?.countMessages ?? 0) === count) return rows;
  const others = rows.filter((row) => !same(row));
  return count > 0 ? [...others, { ...contact, countMessages: count }] : others;
}
