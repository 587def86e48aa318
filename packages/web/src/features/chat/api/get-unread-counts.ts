import type { LmsClient } from '@lms/client';
import { hashKey, queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { useApiClient } from '../../../lib/query/api-client';
import { CONTACTS_REFRESH_MS } from '../../../lib/reference-data/contacts';
import { useShareUnreadCounts } from '../../../lib/unread-count/use-unread-count';
import type { ChatQuery, Conversation } from '../utils/conversation';
import { withUnreadCount, type UnreadCount } from '../utils/unread-counts';
import { chatKeys } from './chat-keys';

/**
 * POST /api/chat/count with the group chat's query (id_to -1, gr_potok, IsSelect): one row per
 * contact with unread messages in the discipline's year and ws, and the group chat's row (idid
 * -1). An empty answer (null) means nothing is unread.
 */
export function getUnreadCountsQueryOptions(client: LmsClient, query: ChatQuery | null) {
  return queryOptions({
    queryKey: chatKeys.unreadCounts(query),
    queryFn: query
      ? async ({ signal }): Promise<readonly UnreadCount[]> =>
          (await client.post('/api/chat/count', { body: query, signal })) ?? []
      : skipToken,
    // As fresh as the contact list beside it.
    staleTime: CONTACTS_REFRESH_MS,
  });
}

/**
 * The unread counts of the chosen discipline. `poll` refreshes them at the contact list's pace
 * while it is shown (the tab visible); elsewhere they are read when the screen opens and kept
 * current by the open conversation. What they say goes into the person's unread count (the page
 * title and the app icon's badge) as it arrives.
 */
export function useUnreadCounts(query: ChatQuery | null, { poll }: { poll: boolean }) {
  const counts = useQuery({
    ...getUnreadCountsQueryOptions(useApiClient(), query),
    refetchInterval: poll ? CONTACTS_REFRESH_MS : false,
  });
  useShareUnreadCounts(query, counts.data);
  return counts;
}

/**
 * While a conversation is open, its own unread count (which drops as messages are read and rises
 * as new ones arrive) stands for its row in the discipline's counts, so the title and the group
 * chat's badge follow the reading at once; the next refresh of the counts confirms it.
 */
export function useOpenConversationCount(
  query: ChatQuery | null,
  conversation: Conversation,
  unread: number | null,
): void {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const { id_to: idid, id_to_type: id_type } = conversation.query;
  const write = useEffectEvent((count: number) => {
    const { queryKey } = getUnreadCountsQueryOptions(client, query);
    const rows = queryClient.getQueryData(queryKey);
    if (!rows) return;
    const next = withUnreadCount(rows, { idid, id_type }, count);
    // Written only when it changes: a write wakes every reader of the counts.
    if (next !== rows) queryClient.setQueryData(queryKey, next);
  });
  // The query is rebuilt on every render; its hash names it.
  const countsHash = hashKey(chatKeys.unreadCounts(query));
  useEffect(() => {
    if (unread !== null) write(unread);
  }, [countsHash, idid, id_type, unread]);
}
