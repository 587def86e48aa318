import type { LmsClient } from '@lms/client';
import type { ChatMessage, Conversation } from '../utils/conversation';
import { isSameMessage, type SentMessage } from '../utils/same-message';
import { CHAT_PAGE_SIZE } from '../utils/thread';
import { fetchLatestPage } from './get-thread';
import { fetchNewer } from './get-newer-messages';

/** The newest message id of the conversation (0 when it has none): the latest page's highest. */
export async function newestMessageId(
  client: LmsClient,
  conversation: Conversation,
): Promise<number> {
  const page = await fetchLatestPage(client, conversation);
  return Math.max(0, ...(page?.messages ?? []).map((message) => message.id_message));
}

/**
 * The stored message matching `sent` among the conversation's messages newer than `after`, read
 * with the thread's own calls (chat/new, or the group chat's page after id_lastMessage) page after
 * page until a page comes back short; undefined when there is none.
 */
export async function findStoredMessage(
  client: LmsClient,
  conversation: Conversation,
  after: number,
  sent: SentMessage,
): Promise<ChatMessage | undefined> {
  let last = after;
  for (;;) {
    const newer = await fetchNewer(client, conversation, last);
    const match = newer.find(
      (message) => message.id_message > after && isSameMessage(message, sent),
    );
    if (match) return match;
    const top = Math.max(last, ...newer.map((message) => message.id_message));
    // A short page is the end; a page that does not move forward would repeat itself.
    if (newer.length < CHAT_PAGE_SIZE || top === last) return undefined;
    last = top;
  }
}
