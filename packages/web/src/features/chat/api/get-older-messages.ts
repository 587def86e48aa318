import type { LmsClient } from '@lms/client';
import type { ChatMessage, Conversation } from '../utils/conversation';

/** Up to 20 messages before `topId`: POST /api/chat/old, or the group chat's older page. */
export async function fetchOlder(
  client: LmsClient,
  conversation: Conversation,
  topId: number,
  signal?: AbortSignal,
): Promise<ChatMessage[]> {
  const page =
    conversation.kind === 'group'
      ? await client.post('/api/chat/group/messages', {
          body: { ...conversation.group, id_lastMessage: 0, id_topMessage: topId },
          signal,
        })
      : await client.post('/api/chat/old', {
          body: { ...conversation.query, id_top_message: topId },
          signal,
        });
  return page?.messages ?? [];
}
