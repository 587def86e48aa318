import { LmsError, type components, type LmsClient } from '@lms/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { NewsFeed } from './get-news';
import { newsKeys } from './news-keys';

export type NewsDeleteRequest = components['schemas']['NewsDeleteRequest'];

/** POST /api/news/delete.json: the delete succeeded only when the answer holds data. */
export async function deleteNews(client: LmsClient, body: NewsDeleteRequest): Promise<void> {
  const data = await client.post('/api/news/delete.json', { body });
  if (!data) throw new LmsError('OK', 'The server did not confirm the deletion');
}

/** The feed without the item `id_eventMessage`. */
export function withoutNewsItem(feed: NewsFeed | undefined, id: number): NewsFeed | undefined {
  if (!feed) return feed;
  return {
    ...feed,
    pages: feed.pages.map((page) => page.filter((item) => item.id_eventMessage !== id)),
  };
}

export function useDeleteNews() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewsDeleteRequest) => deleteNews(client, body),
    onSuccess: (_data, { id }) => {
      queryClient.setQueriesData<NewsFeed>({ queryKey: newsKeys.feeds() }, (feed) =>
        withoutNewsItem(feed, id),
      );
      // The server's pages have shifted by one; refetch the loaded ones in the background so
      // the next 'load more' neither skips nor repeats an item.
      void queryClient.invalidateQueries({ queryKey: newsKeys.feeds() });
    },
  });
}
