import type { components } from '@lms/client';

export type PortalRole = components['schemas']['Role'];
export type NewsItem = components['schemas']['NewsItem'];
export type NewsAudience = components['schemas']['NewsAudience'];

/** The feed starts at page 1. */
export const NEWS_FIRST_PAGE = 1;

/** Who reads the feed: the contract's `{id, uid, role}` of the signed-in user. */
export interface NewsReader {
  id: number;
  uid: number;
  role: PortalRole;
}
