import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import type { Conversation } from '../utils/conversation';
import { removeMessage, type ChatThread } from '../utils/thread';
import { chatKeys } from './chat-keys';

export class MessageNotDeletedError extends Error {
  override readonly name = 'MessageNotDeletedError';
}

/**
 * POST /api/chat/deletemessage: the deletion succeeded only when the first result row
 * has result 1; the message then leaves the list.
 */
export function useDeleteMessage(conversation: Conversation | null, uid: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id_message: number) => {
      const rows = await client.post('/api/chat/deletemessage', { body: { id_message, uid } });
      if (rows?.[0]?.result !== 1) throw new MessageNotDeletedError('The server kept the message');
      return id_message;
    },
    onSuccess: (id) => {
      if (!conversation) return;
      queryClient.setQueryData<ChatThread>(
        chatKeys.thread(conversation.key),
        (held) => held && removeMessage(held, id),
      );
    },
  });
}
