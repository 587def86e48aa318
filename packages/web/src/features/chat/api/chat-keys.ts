import type { ChatQuery } from '../utils/conversation';

/** Hierarchical query keys of the chat: everything under ['chat']. */
export const chatKeys = {
  all: ['chat'] as const,
  threads: () => [...chatKeys.all, 'thread'] as const,
  thread: (conversationKey: string) => [...chatKeys.threads(), conversationKey] as const,
  unreadCounts: (query: ChatQuery | null) => [...chatKeys.all, 'count', query] as const,
};
