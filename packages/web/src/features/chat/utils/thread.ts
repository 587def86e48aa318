import type { ChatMessage } from './conversation';

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
  return {
    ...thread,
    messages: mergeMessages(thread.messages, older),
    hasOlder: older.length >= CHAT_PAGE_SIZE,
  };
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
  return {
    ...thread,
    messages: mergeMessages(thread.messages, newer),
    unreadTotal: thread.unreadTotal + arrived.length,
    unreadStart: thread.unreadTotal === 0 && first !== undefined ? first : thread.unreadStart,
  };
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
