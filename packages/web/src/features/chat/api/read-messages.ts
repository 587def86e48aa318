import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { Conversation } from '../utils/conversation';
import { markAllRead, markOneRead, type ChatThread } from '../utils/thread';
import { chatKeys } from './chat-keys';

/** POST /api/chat/read: one message addressed to the reader is read; the count drops by one. */
export function useReadMessage(conversation: Conversation | null) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id_message: number) => client.post('/api/chat/read', { body: { id_message } }),
    onSuccess: () => {
      if (!conversation) return;
      queryClient.setQueryData<ChatThread>(
        chatKeys.thread(conversation.key),
        (held) => held && markOneRead(held),
      );
    },
  });
}

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
