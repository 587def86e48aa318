import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useApiClient } from '../../../lib/query/api-client';
import type { Conversation } from '../utils/conversation';
import { appendNewer, CHAT_PAGE_SIZE, prependOlder, type ChatThread } from '../utils/thread';
import { chatKeys } from './chat-keys';
import { fetchNewer } from './get-newer-messages';
import { fetchOlder } from './get-older-messages';

/**
 * Paging of the open conversation in the thread's cache entry: older pages are prepended (the
 * screen keeps its place), newer ones appended, page after page until one comes back short.
 */
export function useThreadPaging(conversation: Conversation | null) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  // The same conversation (its key) keeps the same functions, so the screen's listener and the
  // outbox's sender are not restarted by every render.
  const latest = useRef(conversation);
  latest.current = conversation;
  const conversationKey = conversation?.key ?? null;
  return useMemo(() => {
    const key = chatKeys.thread(conversationKey ?? '');
    const current = () => queryClient.getQueryData<ChatThread>(key);

    const loadOlder = async (): Promise<number> => {
      const open = latest.current;
      const thread = current();
      const top = thread?.messages[0]?.id_message;
      if (!open || !thread || !thread.hasOlder || top === undefined) return 0;
      const older = await fetchOlder(client, open, top);
      queryClient.setQueryData<ChatThread>(key, (held) => held && prependOlder(held, older));
      return older.length;
    };

    const loadNewer = async (): Promise<number> => {
      const open = latest.current;
      if (!open) return 0;
      let added = 0;
      for (;;) {
        const thread = current();
        if (!thread) return added;
        const last = thread.messages.at(-1)?.id_message ?? 0;
        const newer = await fetchNewer(client, open, last);
        queryClient.setQueryData<ChatThread>(key, (held) => held && appendNewer(held, newer));
        added += newer.length;
        if (newer.length < CHAT_PAGE_SIZE) return added;
      }
    };

    return { loadOlder, loadNewer };
  }, [client, queryClient, conversationKey]);
}
