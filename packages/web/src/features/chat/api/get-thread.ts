import type { LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import type { Conversation } from '../utils/conversation';
import {
  firstUnreadNotHeld,
  keepAccepted,
  prependOlder,
  threadFromPage,
  type ChatMessagesPage,
  type ChatThread,
} from '../utils/thread';
import { KEPT_OFFLINE } from '../../../lib/offline/offline-cache';
import { chatKeys } from './chat-keys';
import { fetchOlder } from './get-older-messages';

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

/**
 * What opening a conversation loads: the latest page, then older pages (20 at a time) until the
 * first unread message (the answer's unread start) is held, so the unread divider stands before it
 * however many are unread. Paging stops at the beginning of the conversation or at a page that
 * brings nothing older.
 */
export async function fetchOpeningThread(
  client: LmsClient,
  conversation: Conversation,
  signal?: AbortSignal,
): Promise<ChatThread> {
  let thread = threadFromPage(await fetchLatestPage(client, conversation, signal));
  for (;;) {
    const top = thread.messages[0]?.id_message;
    if (top === undefined || !firstUnreadNotHeld(thread)) return thread;
    const older = await fetchOlder(client, conversation, top, signal);
    const next = prependOlder(thread, older);
    // A page that brings nothing older would be asked for again and again: the paging ends.
    if ((next.messages[0]?.id_message ?? top) >= top) return { ...next, hasOlder: false };
    thread = next;
  }
}

export function getThreadQueryOptions(client: LmsClient, conversation: Conversation | null) {
  // The conversation's key names it whole (who, with whom, where): it is the cache key.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: chatKeys.thread(conversation?.key ?? ''),
    // A message taken while the read was on its way is not held by it: its copy stays shown.
    queryFn: conversation
      ? async ({ signal, client: queryClient, queryKey }): Promise<ChatThread> =>
          keepAccepted(
            await fetchOpeningThread(client, conversation, signal),
            queryClient.getQueryData<ChatThread>(queryKey),
          )
      : skipToken,
    // Opening a contact clears and loads its messages: the screen shows a copy kept
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
