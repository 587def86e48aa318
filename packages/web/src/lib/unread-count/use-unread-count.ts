import type { LmsClient } from '@lms/client';
import {
  hashKey,
  queryOptions,
  skipToken,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import type { AcademicContext } from '../academic-context/use-academic-context';
import { useApiClient } from '../query/api-client';
import type { PortalUser } from '../session/roles';
import { showUnreadCount } from './unread-badge';
import {
  UNREAD_TOTAL_POLL_MS,
  unreadCountKeys,
  unreadTotal,
  type ChatQuery,
  type UnreadCount,
  type UnreadReader,
  type UnreadTally,
} from './unread-count-keys';
import type * as Tally from './unread-tally';

/**
 * How the count is read and what the chat's reads change in it come in a chunk of their own, once
 * the first screen is shown: the first screen never waits for their code.
 */
const loadTally = (): Promise<typeof Tally> => import('./unread-tally');

export function getUnreadCountQueryOptions(
  client: LmsClient,
  queryClient: QueryClient,
  reader: UnreadReader | null,
) {
  // The page has one client and one cache: the reader alone says whose count it is.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: unreadCountKeys.of(reader),
    queryFn: reader
      ? async ({ signal }) =>
          (await loadTally()).readUnreadTally(client, queryClient, reader, signal)
      : skipToken,
    staleTime: UNREAD_TOTAL_POLL_MS,
  });
}

/**
 * The shell's read of the person's unread count, for both roles and on every screen: once the
 * first screen has been painted (it never delays what the person came for), then every
 * `UNREAD_TOTAL_POLL_MS` while the tab is visible; shown in the page title and on the app icon. A
 * sign-out clears both (lib/unread-count/unread-badge.ts).
 */
export function useUnreadCount(
  user: PortalUser | null,
  academic: Pick<AcademicContext, 'currentYear' | 'currentWs'>,
  afterFirstScreen: boolean,
): void {
  const year = academic.currentYear.data?.[0]?.id_a_year;
  const ws = academic.currentWs.data?.[0]?.ws;
  const reader: UnreadReader | null =
    user && afterFirstScreen && year !== undefined && ws !== undefined
      ? {
          id: user.id,
          uid: user.uid,
          role: user.role,
          studentGroup: user.id_group ?? null,
          year,
          ws,
        }
      : null;
  const { data } = useQuery({
    ...getUnreadCountQueryOptions(useApiClient(), useQueryClient(), reader),
    // A hidden tab pauses the reads; coming back to it reads at once, as the conversation does.
    refetchInterval: UNREAD_TOTAL_POLL_MS,
    refetchOnWindowFocus: true,
  });
  const total = reader && data ? unreadTotal(data) : null;
  useEffect(() => {
    if (total !== null) showUnreadCount(total);
  }, [total]);
}

/**
 * A discipline's unread counts the chat has read (its contact column, an open conversation that
 * reads its messages) go into the person's count at once, so the title follows the reading
 * before the next read of the whole count.
 */
export function useShareUnreadCounts(
  query: ChatQuery | null,
  rows: readonly UnreadCount[] | undefined,
): void {
  const queryClient = useQueryClient();
  const share = useEffectEvent(
    ({ withUnreadCounts }: typeof Tally, counts: readonly UnreadCount[]) => {
      if (!query) return;
      const entries = queryClient.getQueriesData<UnreadTally>({ queryKey: unreadCountKeys.all });
      for (const [key, tally] of entries) {
        const next = tally && withUnreadCounts(tally, query, counts);
        // Written only when it changes: a write wakes every reader of the count.
        if (next && next !== tally) queryClient.setQueryData(key, next);
      }
    },
  );
  // The query is rebuilt on every render; its hash names it.
  const queryHash = query ? hashKey([query]) : null;
  useEffect(() => {
    // Counts read before the person's own count exist have nothing to go into yet.
    const counted = queryClient
      .getQueriesData({ queryKey: unreadCountKeys.all })
      .some(([, tally]) => tally !== undefined);
    if (queryHash === null || !rows || !counted) return;
    let current = true;
    loadTally().then(
      (tally) => current && share(tally, rows),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [queryHash, rows, queryClient]);
}
