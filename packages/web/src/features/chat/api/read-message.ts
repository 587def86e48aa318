import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import type { Conversation } from '../utils/conversation';
import { markOneRead, type ChatThread } from '../utils/thread';
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
