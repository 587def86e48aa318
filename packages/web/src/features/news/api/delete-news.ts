import { LmsError, type components } from '@lms/client';
import { useConfirmedWrite } from '../../../lib/query/post-write';
import type { NewsFeed } from './get-news';
import { newsKeys } from './news-keys';

export type NewsDeleteRequest = components['schemas']['NewsDeleteRequest'];

/** The feed without the item `id_eventMessage`. */
export function withoutNewsItem(feed: NewsFeed | undefined, id: number): NewsFeed | undefined {
  if (!feed) return feed;
  return {
    ...feed,
    pages: feed.pages.map((page) => page.filter((item) => item.id_eventMessage !== id)),
  };
}

/** POST /api/news/delete.json: the delete succeeded only when the answer holds data. */
export function useDeleteNews() {
  return useConfirmedWrite('/api/news/delete.json', {
    unconfirmed: () => new LmsError('OK', 'The server did not confirm the deletion'),
    onSuccess: (_data, { id }: NewsDeleteRequest, queryClient) => {
      queryClient.setQueriesData<NewsFeed>({ queryKey: newsKeys.feeds() }, (feed) =>
        withoutNewsItem(feed, id),
      );
      // The server's pages have shifted by one; refetch the loaded ones in the background so
      // the next 'load more' neither skips nor repeats an item.
      void queryClient.invalidateQueries({ queryKey: newsKeys.feeds() });
    },
  });
}
