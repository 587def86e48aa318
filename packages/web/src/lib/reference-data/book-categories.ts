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
 * (POST /api/library/bookcategories) or the UMK form (POST /api/umk/bookcategories).
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
 * Every base category with its book categories (undefined while its list loads): one cached
 * reference request per base category. Nothing is asked while `enabled` is false.
 */
export function useAllBookCategories(source: BookCategorySource, enabled = true) {
  const client = useApiClient();
  const bases = useBaseBookCategories();
  const baseList = enabled ? (bases.data ?? []) : [];
  const lists = useQueries({
    queries: baseList.map((base) =>
      getBookCategoriesQueryOptions(client, source, base.id_baseBookCategory),
    ),
  });
  return baseList.map((base, index) => ({ base, categories: lists[index]?.data }));
}

/**
 * The base category a book category belongs to (an edited book names only its category). -1
 * while unknown; nothing is asked while `id_bookCategory` is null.
 */
export function useBaseCategoryOf(source: BookCategorySource, id_bookCategory: number | null) {
  const all = useAllBookCategories(source, id_bookCategory !== null);
  const owner = all.find(({ categories }) =>
    categories?.some((category) => category.id_bookCategory === id_bookCategory),
  );
  return owner?.base.id_baseBookCategory ?? -1;
}

/** A book category's name by id, once the categories are loaded (the e-library's cards). */
export function useBookCategoryName(source: BookCategorySource) {
  const all = useAllBookCategories(source);
  const names = new Map<number, string>();
  for (const { categories } of all) {
    for (const category of categories ?? []) names.set(category.id_bookCategory, category.name);
  }
  return (id: number) => names.get(id);
}
