import type { LmsClient } from '@lms/client';
import type { ChatMessage, Conversation } from '../utils/conversation';

/** Up to 20 messages after `lastId`: POST /api/chat/new, or the group chat from id_lastMessage. */
export async function fetchNewer(
  client: LmsClient,
  conversation: Conversation,
  lastId: number,
): Promise<ChatMessage[]> {
  const page =
    conversation.kind === 'group'
      ? await client.post('/api/chat/group/messages', {
          body: { ...conversation.group, id_lastMessage: lastId },
        })
      : await client.post('/api/chat/new', {
          body: { ...conversation.query, id_last_message: lastId },
        });
  return page?.messages ?? [];
}
