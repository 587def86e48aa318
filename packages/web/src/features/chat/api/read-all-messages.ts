import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import type { Conversation } from '../utils/conversation';
import { markAllRead, type ChatThread } from '../utils/thread';
import { chatKeys } from './chat-keys';

/** POST /api/chat/readall: the whole conversation is read; the count becomes 0. */
export function useReadAll(conversation: Conversation | null) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      if (!conversation) return;
      await client.post('/api/chat/readall', { body: conversation.query });
    },
    onSuccess: () => {
      if (!conversation) return;
      queryClient.setQueryData<ChatThread>(
        chatKeys.thread(conversation.key),
        (held) => held && markAllRead(held),
      );
    },
  });
}
