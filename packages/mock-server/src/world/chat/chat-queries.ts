// What the chat routes ask of the chat world: pages of a chat, a message by id, the private chat of
// two people, membership, unread counts and read marks, and the contract's ChatMessage. Opening a
// chat generates its messages (chat-generation.ts); counts of private chats never do.
import { keptJson, type KeptJson } from '../../json-text.js';
import { messagesOf } from './chat-generation.js';
import {
  chatFileKey,
  chatSlice,
  groupChatKey,
  privateKey,
  readerKey,
  type Chat,
  type ChatMessageRecord,
  type Conversation,
  type GroupChat,
  type Person,
  type PrivateChat,
} from './chat-planning.js';
import { FILE_NAME_SEPARATOR, placeholderFile } from '../core/files.js';
import {
  isStudent,
  isTeacher,
  otherRole,
  personKey,
  ROLE_TEACHER,
  type Role,
} from '../core/roles.js';
import type { Store } from '../core/store.js';

/** The portal pages by 20: fewer means there are no more in that direction. */
export const CHAT_PAGE_SIZE = 20;

/** id_to (idid) of the group chat pseudo-contact (docs/product/constants.md: group chat id). */
export const GROUP_CHAT_ID = -1;

/** First index whose id_message is greater than `id` (or ≥ `id` with `inclusive`). */
function firstAfter(messages: readonly ChatMessageRecord[], id: number, inclusive = false) {
  let lo = 0;
  let hi = messages.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const value = messages[mid]?.id_message ?? 0;
    if (value > id || (inclusive && value === id)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export const latestPage = (messages: readonly ChatMessageRecord[]) =>
  messages.slice(-CHAT_PAGE_SIZE);

export function newerThan(messages: readonly ChatMessageRecord[], id: number) {
  const start = firstAfter(messages, id);
  return messages.slice(start, start + CHAT_PAGE_SIZE);
}

export function olderThan(messages: readonly ChatMessageRecord[], id: number) {
  const end = firstAfter(messages, id, true);
  return messages.slice(Math.max(0, end - CHAT_PAGE_SIZE), end);
}

/** The chat holding a message id and the message itself, if it (still) exists. */
export function findMessage(chat: Chat, id: number) {
  let conv = chat.insertedIn.get(id);
  if (!conv) {
    let lo = 0;
    let hi = chat.blocks.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((chat.blocks[mid]?.firstId ?? 0) <= id) lo = mid;
      else hi = mid - 1;
    }
    const block = chat.blocks[lo];
    if (block && id >= block.firstId && id < block.firstId + block.seeded) conv = block;
  }
  if (!conv) return undefined;
  const messages = messagesOf(chat, conv);
  const index = firstAfter(messages, id, true);
  const message = messages[index];
  return message?.id_message === id ? { conv, index, message } : undefined;
}

/**
 * Takes a message out of its chat: its unread count (private chats), the read marks that name
 * it (group chats), its files and, for a written one, its place in `insertedIn`.
 */
export function removeMessage(chat: Chat, conv: Conversation, index: number) {
  const [message] = messagesOf(chat, conv).splice(index, 1);
  if (!message) return;
  if (conv.kind === 'private' && !message.isRead) dropUnread(conv, otherRole(message.senderType));
  if (conv.kind === 'group')
    for (const mark of conv.readMarks.values()) mark.ids.delete(message.id_message);
  for (const name of message.files) chat.files.delete(chatFileKey(message.id_message, name));
  chat.insertedIn.delete(message.id_message);
}

/**
 * Keeps at most `max` written messages over all chats: the oldest written ones go (`insertedIn`
 * holds them in the order they were written), the seeded ones all stay.
 */
export function capWrittenMessages(chat: Chat, max: number) {
  for (const [id, conv] of chat.insertedIn) {
    if (chat.insertedIn.size <= max) break;
    const index = firstAfter(messagesOf(chat, conv), id, true);
    if (messagesOf(chat, conv)[index]?.id_message === id) removeMessage(chat, conv, index);
    else chat.insertedIn.delete(id);
  }
}

/** The private chat between the reader and a contact, in a year, ws and discipline. */
export function findPrivateChat(
  chat: Chat,
  reader: Person,
  q: { year: number; ws: number; id_discipline: number; id_to_type: number; id_to: number },
) {
  if (q.id_to_type === reader.role) return undefined;
  const [teacherId, studentId] = isTeacher(reader) ? [reader.id, q.id_to] : [q.id_to, reader.id];
  return chat.privateByKey.get(privateKey(q.year, q.ws, q.id_discipline, teacherId, studentId));
}

export const isSender = (m: ChatMessageRecord, person: Person) =>
  m.senderType === person.role && m.senderId === person.id;

/** Whether a person belongs to a group chat: a student of its groups, or one of its teachers. */
export function isGroupMember(conv: GroupChat, person: Person) {
  return isStudent(person)
    ? conv.groupIds.includes(person.id_group)
    : conv.teacherIds.includes(person.id);
}

/**
 * The group chat of a group (or, with `isPotok`, a stream) if the reader is a member of it;
 * undefined for a chat that does not exist or that the reader does not belong to (403 alike).
 */
export function memberGroupChat(chat: Chat, reader: Person, id: number, isPotok = false) {
  const conv = chat.groupChats.get(groupChatKey(id, isPotok));
  return conv && isGroupMember(conv, reader) ? conv : undefined;
}

/** A student's own group's chat (not the stream's): the group chat when no group is named. */
export const ownGroupChat = (chat: Chat, reader: Person) =>
  isStudent(reader) ? chat.groupChats.get(groupChatKey(reader.id_group, false)) : undefined;

export interface UnreadInfo {
  unreades_start: number | null;
  unreades_total: number;
}

/** The reader's unread messages in a private chat (the count is kept; the start is looked up). */
export function privateUnread(chat: Chat, conv: PrivateChat, reader: Person): UnreadInfo {
  const total = conv.unread[reader.role];
  if (total === 0) return { unreades_start: null, unreades_total: 0 };
  const messages = messagesOf(chat, conv);
  let start: number | null = null;
  let found = 0;
  for (let i = messages.length - 1; i >= 0 && found < total; i--) {
    const m = messages[i];
    if (m && !m.isRead && !isSender(m, reader)) {
      found += 1;
      start = m.id_message;
    }
  }
  return { unreades_start: start, unreades_total: total };
}

/** One message fewer unread by `role` in a private chat (never below zero). */
export function dropUnread(conv: PrivateChat, role: Role) {
  conv.unread[role] = Math.max(0, conv.unread[role] - 1);
}

/** The reader's unread messages in a group chat: others' messages after their read mark. */
export function groupUnread(chat: Chat, conv: GroupChat, reader: Person): UnreadInfo {
  const mark = conv.readMarks.get(personKey(reader.role, reader.id));
  const upTo = mark?.upTo ?? conv.defaultReadUpTo;
  const messages = messagesOf(chat, conv);
  let start: number | null = null;
  let total = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (!m || m.id_message <= upTo) break;
    if (!isSender(m, reader) && !mark?.ids.has(m.id_message)) {
      total += 1;
      start = m.id_message;
    }
  }
  return { unreades_start: start, unreades_total: total };
}

/** Marks one group message read for a reader. */
export function markGroupRead(conv: GroupChat, reader: Person, id: number) {
  const key = personKey(reader.role, reader.id);
  let mark = conv.readMarks.get(key);
  if (!mark) {
    mark = { upTo: conv.defaultReadUpTo, ids: new Set() };
    conv.readMarks.set(key, mark);
  }
  if (id > mark.upTo) mark.ids.add(id);
}

/** Marks a whole group chat read for a reader. */
export function markGroupAllRead(chat: Chat, conv: GroupChat, reader: Person) {
  const messages = messagesOf(chat, conv);
  const last = messages[messages.length - 1]?.id_message ?? conv.defaultReadUpTo;
  conv.readMarks.set(personKey(reader.role, reader.id), {
    upTo: Math.max(last, conv.defaultReadUpTo),
    ids: new Set(),
  });
}

/** Unread counts from each contact of a reader in a year, ws and discipline, by contact id. */
export function unreadByContact(
  chat: Chat,
  reader: Person,
  year: number,
  ws: number,
  id_discipline: number,
): Map<number, number> {
  const counts = new Map<number, number>();
  for (const conv of chat.privateByReader.get(readerKey(year, ws, id_discipline, reader)) ?? []) {
    const count = conv.unread[reader.role];
    if (count > 0) counts.set(isTeacher(reader) ? conv.studentId : conv.teacherId, count);
  }
  return counts;
}

/** The contract's ChatMessage as the reader sees it (group chats add the sender's name). */
function toChatMessage(chat: Chat, m: ChatMessageRecord, reader: Person, withFio: boolean) {
  const item = {
    id_message: m.id_message,
    message: m.message,
    ismine: isSender(m, reader),
    created: m.created,
    files: m.files.length > 0 ? m.files.join(FILE_NAME_SEPARATOR) : null,
  };
  if (!withFio) return item;
  const { teacherById, studentById } = chat.world.university;
  const sender =
    m.senderType === ROLE_TEACHER ? teacherById.get(m.senderId) : studentById.get(m.senderId);
  return { ...item, fio: sender?.fullName ?? null };
}

/**
 * toChatMessage as JSON (UTF-8 bytes). A message never changes once written (being read is kept
 * beside it, not shown in it), so each of its forms (the reader's own or not, with the sender's
 * name or not) is serialised once and kept with it.
 */
const messageJson: KeptJson<ChatMessageRecord, ReturnType<typeof toChatMessage>> = new WeakMap();
export function chatMessageJson(
  chat: Chat,
  m: ChatMessageRecord,
  reader: Person,
  withFio: boolean,
) {
  const form = (isSender(m, reader) ? 1 : 0) + (withFio ? 2 : 0);
  return keptJson(messageJson, m, form, () => toChatMessage(chat, m, reader, withFio));
}

/** A chat attachment (download type 3), only for the two people of a private chat or a member. */
export function findChatFile(store: Store, id: number, name: string, reader: Person) {
  const chat = store.get(chatSlice);
  const found = findMessage(chat, id);
  if (!found || !found.message.files.includes(name)) return undefined;
  const { conv, message } = found;
  const allowed =
    conv.kind === 'group'
      ? isGroupMember(conv, reader)
      : reader.id === (isTeacher(reader) ? conv.teacherId : conv.studentId);
  if (!allowed) return undefined;
  return chat.files.get(chatFileKey(id, name)) ?? placeholderFile(name, message.message);
}
