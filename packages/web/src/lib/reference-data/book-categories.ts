import type { components, LmsClient } from '@lms/client';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../api-client';
import { referenceQuery } from './keys';

export type BaseBookCategory = components['schemas']['LibraryBaseBookCategory'];
export type BookCategory = components['schemas']['LibraryBookCategory'];

const BASE_PATH = '/api/library/basebookcategories';
const NO_BASES: BaseBookCategory[] = [];
const NO_CATEGORIES: BookCategory[] = [];

/** POST /api/library/basebookcategories: the e-library's top-level categories. */
export function getBaseBookCategoriesQueryOptions(client: LmsClient) {
  return referenceQuery(BASE_PATH, {}, (body) => client.post(BASE_PATH, { body }), NO_BASES);
}

export function useBaseBookCategories() {
  return useQuery(getBaseBookCategoriesQueryOptions(useApiClient()));
}

/**
 * Who asks for the categories of a base category: the e-library's filter
 * (POST /api/library/bookcategories) or the UMK form (POST /api/umk/bookcategories, section 7).
 */
export type BookCategorySource = 'library' | 'umk';

/** The book categories of one base category; `null` while no base category is chosen. */
export function getBookCategoriesQueryOptions(
  client: LmsClient,
  source: BookCategorySource,
  id_baseBookCategory: number | null,
) {
  const body = id_baseBookCategory === null ? null : { id_baseBookCategory };
  if (source === 'umk') {
    const path = '/api/umk/bookcategories';
    return referenceQuery(path, body, (b) => client.post(path, { body: b }), NO_CATEGORIES);
  }
  const path = '/api/library/bookcategories';
  return referenceQuery(path, body, (b) => client.post(path, { body: b }), NO_CATEGORIES);
}

export function useBookCategories(source: BookCategorySource, id_baseBookCategory: number | null) {
  return useQuery(getBookCategoriesQueryOptions(useApiClient(), source, id_baseBookCategory));
}

/**
 * The base category a book category belongs to (an edited book names only its category): the
 * categories of every base category, each a cached reference request. -1 while unknown.
 */
export function useBaseCategoryOf(source: BookCategorySource, id_bookCategory: number | null) {
  const client = useApiClient();
  const bases = useBaseBookCategories();
  const lists = useQueries({
    queries: (id_bookCategory === null ? [] : (bases.data ?? [])).map((base) =>
      getBookCategoriesQueryOptions(client, source, base.id_baseBookCategory),
    ),
  });
  for (const [index, list] of lists.entries()) {
    if (list.data?.some((category) => category.id_bookCategory === id_bookCategory)) {
      return bases.data?.[index]?.id_baseBookCategory ?? -1;
    }
  }
  return -1;
}
