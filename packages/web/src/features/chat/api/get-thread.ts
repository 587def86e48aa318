import type { LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { Conversation } from '../utils/conversation';
import { threadFromPage, type ChatMessagesPage, type ChatThread } from '../utils/thread';
import { KEPT_OFFLINE } from '../../../lib/offline-cache';
import { chatKeys } from './chat-keys';

/**
 * The latest page of a conversation: POST /api/chat/messages (private) or
 * /api/chat/group/messages with id_lastMessage 0 (group). Opening a contact loads it afresh.
 */
export async function fetchLatestPage(
  client: LmsClient,
  conversation: Conversation,
  signal?: AbortSignal,
): Promise<ChatMessagesPage | undefined> {
  if (conversation.kind === 'group') {
    return client.post('/api/chat/group/messages', {
      body: { ...conversation.group, id_lastMessage: 0 },
      signal,
    });
  }
  return client.post('/api/chat/messages', { body: conversation.query, signal });
}

export function getThreadQueryOptions(client: LmsClient, conversation: Conversation | null) {
  // The conversation's key names it whole (who, with whom, where): it is the cache key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: chatKeys.thread(conversation?.key ?? ''),
    queryFn: conversation
      ? async ({ signal }): Promise<ChatThread> =>
          threadFromPage(await fetchLatestPage(client, conversation, signal))
      : skipToken,
    // Section 4: opening a contact clears and loads its messages: the screen shows a copy kept
    // from before it opened only while the latest page cannot be had (offline, or the server
    // fails), never while it loads, so the fresh page never replaces an old copy under the
    // reader's eyes. The copy is kept (in memory and on the device) for those moments. While the
    // thread is open, newer messages arrive through the unread listener instead of a refetch that
    // would drop the older pages already loaded.
    ...KEPT_OFFLINE,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useThread(conversation: Conversation | null) {
  return useQuery(getThreadQueryOptions(useApiClient(), conversation));
}
