import type { components } from '@lms/client';
import type { QueryClient } from '@tanstack/react-query';
import { useUploadMutation } from '../../../lib/files/upload-kit';
import type { NewsFeed } from './get-news';
import { newsKeys } from './news-keys';

/** Who a news item is for: everyone, the teachers or the students. */
export type NewsAudience = components['schemas']['NewsAudience'];

/**
 * After a successful send the feed reloads page 1. The loaded pages are cut back to
 * the first, which is then refetched in place, so the list never blanks out.
 */
export function reloadFirstNewsPage(queryClient: QueryClient): Promise<void> {
  queryClient.setQueriesData<NewsFeed>({ queryKey: newsKeys.feeds() }, (feed) =>
    feed ? { pages: feed.pages.slice(0, 1), pageParams: feed.pageParams.slice(0, 1) } : feed,
  );
  return queryClient.invalidateQueries({ queryKey: newsKeys.feeds() });
}

/** POST /api/news/insert.json: multipart, the form fields plus one `file` part per attachment. */
export function useInsertNews() {
  return useUploadMutation('/api/news/insert.json', (_sent, queryClient) =>
    reloadFirstNewsPage(queryClient),
  );
}
