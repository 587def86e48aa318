import type { components } from '@lms/client';
import { useQueries } from '@tanstack/react-query';
import { useApiClient } from '../query/api-client';
import { referenceRead } from './keys';

export type BaseBookCategory = components['schemas']['LibraryBaseBookCategory'];
export type BookCategory = components['schemas']['LibraryBookCategory'];

const NO_CATEGORIES: BookCategory[] = [];

/**
 * POST /api/library/basebookcategories: the e-library's top-level categories.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getBaseBookCategoriesQueryOptions, useBaseBookCategories] = referenceRead(
  '/api/library/basebookcategories',
  [] as BaseBookCategory[],
  () => ({}),
);

/**
 * Who asks for the categories of a base category: the e-library's filter
 * (POST /api/library/bookcategories) or the UMK form (POST /api/umk/bookcategories).
 */
export type BookCategorySource = 'library' | 'umk';

/** The book categories of one base category; `null` while no base category is chosen. */
export const [getBookCategoriesQueryOptions, useBookCategories] = referenceRead(
  (source: BookCategorySource) =>
    source === 'umk' ? '/api/umk/bookcategories' : '/api/library/bookcategories',
  NO_CATEGORIES,
  (_source: BookCategorySource, id_baseBookCategory: number | null) =>
    id_baseBookCategory === null ? null : { id_baseBookCategory },
);

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
