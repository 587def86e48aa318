import type { components } from '@lms/client';
import type { PortalUser } from '../session/roles';
import { BOOK_LIST_PATH, referenceRead } from './keys';

export type LibraryBook = components['schemas']['LibraryEBook'];

/** id_bookCategory -1 lists every book of the e-library. */
export const ALL_BOOKS = -1;

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
 * @public its query options stand beside its hook, as every read's do
 */
export const [getBookListQueryOptions, useBookList] = referenceRead(
  BOOK_LIST_PATH,
  [] as LibraryBook[],
  (params: BookListParams | null) =>
    params && {
      id_bookCategory: params.id_bookCategory,
      id_human: params.user.id,
      id_humanType: params.user.role,
    },
  BOOKS_STALE_MS,
);
