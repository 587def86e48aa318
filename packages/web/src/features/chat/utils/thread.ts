import type { ChatMessage } from './conversation';
import { isSameMessage } from './same-message';

/** Chat pages hold 20; fewer means no more messages in that direction. */
export const CHAT_PAGE_SIZE = 20;

export type ChatMessagesPage = {
  messages: ChatMessage[];
  unreades_start: number | null;
  unreades_total: number;
};

/** What the screen holds of one conversation, oldest message first. */
export interface ChatThread {
  messages: ChatMessage[];
  /** Older messages are assumed to exist until a page comes back short. */
  hasOlder: boolean;
  /** Where the unread part begins: the first unread id, else the last message id. */
  unreadStart: number | null;
  /** The unread count from the answer, else 0; reads lower it. */
  unreadTotal: number;
  /** Messages of mine the server took that no read has brought back yet (absent when none). */
  accepted?: AcceptedMessage[];
}

/**
 * A message of mine the server took (its send was answered, or found stored) whose stored copy the
 * thread does not hold yet. A sent message stays on screen from the moment it is sent: this copy
 * shows it as sent, however long the conversation cannot be read again, until a read brings the
 * server's copy, which then takes its place.
 */
export interface AcceptedMessage {
  /** The outbox entry it was sent as. */
  entryId: string;
  /** Its id as the server gave it; absent when the answer did not say. */
  id_message?: number;
  /** The newest message id known before it was sent: its stored copy is newer. */
  after: number;
  text: string;
  fileNames: string[];
  /** When it was taken (ISO 8601). */
  created: string;
}

/**
 * The accepted copies whose stored message `messages` (oldest first) do not hold yet. The server
 * numbers messages in order, so a thread holding a message as new as a copy's id has read past it;
 * a copy without an id is held once one of my messages newer than its baseline has its text and
 * file names (each stored message standing for one copy, so two identical messages stay two).
 */
function notYetRead(
  messages: readonly ChatMessage[],
  accepted: readonly AcceptedMessage[] | undefined,
): AcceptedMessage[] {
  if (!accepted?.length) return [];
  const newest = messages.at(-1)?.id_message ?? 0;
  const claimed = new Set<number>();
  return accepted.filter((copy) => {
    if (copy.id_message !== undefined) return copy.id_message > newest;
    const stored = messages.find(
      (message) =>
        message.id_message > copy.after &&
        !claimed.has(message.id_message) &&
        isSameMessage(message, { text: copy.text, fileNames: copy.fileNames }),
    );
    if (stored) claimed.add(stored.id_message);
    return !stored;
  });
}

/** The thread with these accepted copies (the field left out when there are none). */
function withAccepted(thread: ChatThread, accepted: AcceptedMessage[]): ChatThread {
  const { accepted: _previous, ...rest } = thread;
  return accepted.length > 0 ? { ...rest, accepted } : rest;
}

/**
 * Shows a message the server took as sent, once (a copy of the same entry is replaced), unless
 * the thread holds its stored copy already (a read got there before the send's answer).
 */
export function holdAccepted(thread: ChatThread, copy: AcceptedMessage): ChatThread {
  const others = (thread.accepted ?? []).filter((held) => held.entryId !== copy.entryId);
  return withAccepted(thread, notYetRead(thread.messages, [...others, copy]));
}

/**
 * A fresh read of the conversation keeps the accepted copies it does not hold: a read that left
 * before the server took a message must not take it off the screen.
 */
export function keepAccepted(fresh: ChatThread, held: ChatThread | undefined): ChatThread {
  return withAccepted(fresh, notYetRead(fresh.messages, held?.accepted));
}

export function threadFromPage(page: ChatMessagesPage | null | undefined): ChatThread {
  const messages = sortById(page?.messages ?? []);
  return {
    messages,
    hasOlder: messages.length >= CHAT_PAGE_SIZE,
    unreadStart: page?.unreades_start ?? messages.at(-1)?.id_message ?? null,
    unreadTotal: page?.unreades_total ?? 0,
  };
}

function sortById(messages: readonly ChatMessage[]): ChatMessage[] {
  return [...messages].sort((a, b) => a.id_message - b.id_message);
}

/** Adds messages (older or newer), dropping ones already held: ids decide. */
export function mergeMessages(
  held: readonly ChatMessage[],
  arrived: readonly ChatMessage[],
): ChatMessage[] {
  const known = new Set(held.map((message) => message.id_message));
  return sortById([...held, ...arrived.filter((message) => !known.has(message.id_message))]);
}

export function prependOlder(thread: ChatThread, older: readonly ChatMessage[]): ChatThread {
  const messages = mergeMessages(thread.messages, older);
  return withAccepted(
    { ...thread, messages, hasOlder: older.length >= CHAT_PAGE_SIZE },
    notYetRead(messages, thread.accepted),
  );
}

/**
 * Appends newer messages. Those from the other side that were not held yet arrived unread: they
 * add to the count, and start the unread part when nothing was unread before.
 */
export function appendNewer(thread: ChatThread, newer: readonly ChatMessage[]): ChatThread {
  const known = new Set(thread.messages.map((message) => message.id_message));
  const arrived = sortById(
    newer.filter((message) => !message.ismine && !known.has(message.id_message)),
  );
  const first = arrived[0]?.id_message;
  const messages = mergeMessages(thread.messages, newer);
  // A message of mine read back replaces the copy shown since the server took it.
  return withAccepted(
    {
      ...thread,
      messages,
      unreadTotal: thread.unreadTotal + arrived.length,
      unreadStart: thread.unreadTotal === 0 && first !== undefined ? first : thread.unreadStart,
    },
    notYetRead(messages, thread.accepted),
  );
}

/**
 * Whether the first unread message lies before the held messages: some are unread, the unread
 * start is older than the oldest held message, and older pages may still exist. The thread then
 * pages back until it holds the first unread message, so the divider can be shown there.
 */
export function firstUnreadNotHeld(thread: ChatThread): boolean {
  const oldest = thread.messages[0]?.id_message;
  return (
    thread.unreadTotal > 0 &&
    thread.unreadStart !== null &&
    thread.hasOlder &&
    oldest !== undefined &&
    oldest > thread.unreadStart
  );
}

export function removeMessage(thread: ChatThread, id: number): ChatThread {
  return { ...thread, messages: thread.messages.filter((message) => message.id_message !== id) };
}

/** Marking one message read decrements the count; it never goes below zero. */
export function markOneRead(thread: ChatThread): ChatThread {
  return { ...thread, unreadTotal: Math.max(0, thread.unreadTotal - 1) };
}

export function markAllRead(thread: ChatThread): ChatThread {
  return { ...thread, unreadTotal: 0 };
}
