import { normalizeSearchText } from '../../../lib/format/search-text';
import type { LibraryBook } from '../../../lib/reference-data/library-books';

/** E-library search: mode 1 searches the name, any other the author. */
export type SearchMode = 1 | 2;
export const SEARCH_BY_NAME: SearchMode = 1;
export const SEARCH_BY_AUTHOR: SearchMode = 2;

export interface SearchResult {
  /** What the list shows: the matches, or every book when nothing matched. */
  books: LibraryBook[];
  /** How many matched, or null when nothing is searched for. */
  found: number | null;
  /** The search found nothing, so every book is shown (docs/product/states.md#e-library). */
  showingAll: boolean;
}

/**
 * A book's name and author as the search compares them, worked out once per book (a list's books
 * are the same objects from one letter typed to the next; a saved book is a new one).
 */
const searchable = new WeakMap<LibraryBook, { name: string; author: string }>();

function searchTextOf(book: LibraryBook, mode: SearchMode): string {
  let text = searchable.get(book);
  if (!text) {
    text = { name: normalizeSearchText(book.name), author: normalizeSearchText(book.author) };
    searchable.set(book, text);
  }
  return mode === SEARCH_BY_NAME ? text.name : text.author;
}

/**
 * The e-library search: a case-insensitive substring of the name (mode 1) or the author, 'е' and
 * 'ё' alike; plain string comparison, so any text is safe to type.
 */
export function searchBooks(
  books: readonly LibraryBook[],
  query: string,
  mode: SearchMode,
): SearchResult {
  const needle = normalizeSearchText(query);
  if (needle === '') return { books: [...books], found: null, showingAll: false };
  const matches = books.filter((book) => searchTextOf(book, mode).includes(needle));
  if (matches.length === 0) return { books: [...books], found: 0, showingAll: true };
  return { books: matches, found: matches.length, showingAll: false };
}

/**
 * A list after a save (a successful update replaces the item in both the full and the
 * filtered lists): the saved book in place of its old copy, added to a list of its category (or
 * of all books), taken out of a list of another category.
 */
export function withSavedBook(
  list: readonly LibraryBook[] | undefined,
  book: LibraryBook,
  listCategory: number,
  allBooks: number,
): LibraryBook[] | undefined {
  if (!list) return list;
  const belongs = listCategory === allBooks || listCategory === book.id_bookCategory;
  const at = list.findIndex((other) => other.id_eBook === book.id_eBook);
  if (!belongs) return at === -1 ? [...list] : list.filter((_, index) => index !== at);
  if (at === -1) return [...list, book];
  return list.map((other, index) => (index === at ? book : other));
}
