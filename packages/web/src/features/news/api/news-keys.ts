import type { NewsReader } from './news-params';

/** Hierarchical query keys of the news feature: everything under ['news']. */
export const newsKeys = {
  all: ['news'] as const,
  feeds: () => [...newsKeys.all, 'feed'] as const,
  feed: (reader: NewsReader) => [...newsKeys.feeds(), reader] as const,
  faculties: (params: { id: number }) => [...newsKeys.all, 'faculties', params] as const,
};
