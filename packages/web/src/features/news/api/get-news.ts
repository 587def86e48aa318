import type { components, LmsClient } from '@lms/client';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import { KEPT_OFFLINE } from '../../../lib/offline/offline-cache';
import { NEWS_FIRST_PAGE, newsKeys, type NewsReader } from './news-keys';

export type NewsItem = components['schemas']['NewsItem'];
export type NewsFeed = InfiniteData<NewsItem[]>;

/**
 * The page after the last one loaded (load more asks for current + 1), or undefined
 * when the feed has ended. The contract fixes no page size, so the first page sets it: an empty
 * page, or one shorter than the first, is the last.
 */
export function nextNewsPage(
  lastPage: NewsItem[],
  pages: NewsItem[][],
  lastPageParam: number,
): number | undefined {
  const pageSize = pages[0]?.length ?? 0;
  if (lastPage.length === 0 || lastPage.length < pageSize) return undefined;
  return lastPageParam + 1;
}

/**
 * A feed read a moment ago is not asked again when the screen mounts (e.g. the first page fetched
 * while the login was finishing); a publish or delete refreshes it at once.
 */
export const NEWS_FRESH_MS = 30_000;

/** POST /api/news/data.json page by page: the feed, newest first; an empty list past the end. */
export function getNewsFeedQueryOptions(client: LmsClient, reader: NewsReader) {
  return infiniteQueryOptions({
    ...KEPT_OFFLINE,
    staleTime: NEWS_FRESH_MS,
    queryKey: newsKeys.feed(reader),
    queryFn: async ({ pageParam, signal }): Promise<NewsItem[]> =>
      (await client.post('/api/news/data.json', {
        body: { ...reader, page: pageParam },
        signal,
      })) ?? [],
    initialPageParam: NEWS_FIRST_PAGE,
    getNextPageParam: nextNewsPage,
  });
}

export function useNewsFeed(reader: NewsReader) {
  const client = useApiClient();
  return useInfiniteQuery(getNewsFeedQueryOptions(client, reader));
}
