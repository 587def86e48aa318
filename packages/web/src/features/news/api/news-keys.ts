import type { components } from '@lms/client';

/** The feed starts at page 1. */
export const NEWS_FIRST_PAGE = 1;

/** Who reads the feed: the contract's `{id, uid, role}` of the signed-in user. */
export interface NewsReader {
  id: number;
  uid: number;
  role: components['schemas']['Role'];
}

/** Hierarchical query keys of the news feature: everything under ['news']. */
export const newsKeys = {
  all: ['news'] as const,
  feeds: () => [...newsKeys.all, 'feed'] as const,
  feed: (reader: NewsReader) => [...newsKeys.feeds(), reader] as const,
  faculties: (params: { id: number }) => [...newsKeys.all, 'faculties', params] as const,
};
