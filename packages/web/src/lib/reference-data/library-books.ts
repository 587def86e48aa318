import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../api-client';
import type { PortalUser } from '../roles';
import { referenceQuery } from './keys';

export type LibraryBook = components['schemas']['LibraryEBook'];

/** id_bookCategory -1 lists every book of the e-library. */
export const ALL_BOOKS = -1;

const PATH = '/api/library/getbooklist';
const NONE: LibraryBook[] = [];
/** Books are added while a page is open (by colleagues, from UMK): fresh for a minute. */
const BOOKS_STALE_MS = 60_000;

export interface BookListParams {
  /** A category, or ALL_BOOKS. */
  id_bookCategory: number;
  user: Pick<PortalUser, 'id' | 'role'>;
}

/**
 * POST /api/library/getbooklist: the books of a category (or all), read by the e-library and by
 * the UMK form that shares a book as a material. `null`: no category is chosen yet.
 */
export function getBookListQueryOptions(client: LmsClient, params: BookListParams | null) {
  const body = params && {
    id_bookCategory: params.id_bookCategory,
    id_human: params.user.id,
    id_humanType: params.user.role,
  };
  return referenceQuery(PATH, body, (b) => client.post(PATH, { body: b }), NONE, BOOKS_STALE_MS);
}

export function useBookList(params: BookListParams | null) {
  return useQuery(getBookListQueryOptions(useApiClient(), params));
}
