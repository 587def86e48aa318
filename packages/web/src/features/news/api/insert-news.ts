import {
  upload,
  type components,
  type LmsClient,
  type UploadFields,
  type UploadProgress,
} from '@lms/client';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { NewsFeed } from './get-news';
import { newsKeys } from './news-keys';

/** Who a news item is for: everyone, the teachers or the students. */
export type NewsAudience = components['schemas']['NewsAudience'];
export type NewsInsertFields = UploadFields<'/api/news/insert.json'>;

export interface InsertNewsInput {
  fields: NewsInsertFields;
  files: readonly File[];
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** POST /api/news/insert.json: multipart, the form fields plus one `file` part per attachment. */
export function insertNews(client: LmsClient, input: InsertNewsInput) {
  return upload(client, '/api/news/insert.json', input.fields, input.files, {
    onProgress: input.onProgress,
    signal: input.signal,
  });
}

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

export function useInsertNews() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: InsertNewsInput) => insertNews(client, input),
    onSuccess: () => reloadFirstNewsPage(queryClient),
  });
}
