import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { ListHeading } from '../../../components/ui/list-heading';
import { Panel } from '../../../components/ui/panel';
import { PickerField } from '../../../components/ui/picker-field';
import { QueryState } from '../../../components/ui/query-state';
import { SegmentedField } from '../../../components/ui/segmented-field';
import surface from '../../../components/ui/surface.module.css';
import form from '../../../components/ui/text-field.module.css';
import { cx } from '../../../lib/format/class-names';
import { offeredId, PLACEHOLDER_ID } from '../../../lib/ui-state/pickers';
import {
  useBaseBookCategories,
  useBookCategories,
  useBookCategoryName,
} from '../../../lib/reference-data/book-categories';
import {
  ALL_BOOKS,
  useBookList,
  type LibraryBook,
} from '../../../lib/reference-data/library-books';
import { isTeacher, type PortalUser } from '../../../lib/session/roles';
import { canEditBook } from '../utils/book-form';
import {
  SEARCH_BY_AUTHOR,
  SEARCH_BY_NAME,
  searchBooks,
  type SearchMode,
} from '../utils/book-search';
import { BookCard } from './book-card';
import { BookList } from './book-list';
import { BookForm } from './book-form';
import styles from './e-library.module.css';

export interface ELibraryScreenProps {
  user: PortalUser;
  maxSizeMb: number | undefined;
}

/** What the person chose and typed to find books, and the books it finds. */
function useLibrarySearch(user: PortalUser) {
  const [base, setBase] = useState(PLACEHOLDER_ID);
  const [category, setCategory] = useState(PLACEHOLDER_ID);
  const [query, setQuery] = useState('');
  const [mode, setMode] = useState<SearchMode>(SEARCH_BY_NAME);

  const bases = useBaseBookCategories();
  const categories = useBookCategories('library', base === PLACEHOLDER_ID ? null : base);
  const baseList = bases.data ?? [];
  const categoryList = useMemo(() => categories.data ?? [], [categories.data]);
  const chosenBase = offeredId(baseList, base, (b) => b.id_baseBookCategory);
  const chosenCategory =
    chosenBase === PLACEHOLDER_ID
      ? PLACEHOLDER_ID
      : offeredId(categoryList, category, (c) => c.id_bookCategory);
  // One category: its books. Otherwise all books, narrowed to the base category's when one is chosen.
  const books = useBookList({
    id_bookCategory: chosenCategory === PLACEHOLDER_ID ? ALL_BOOKS : chosenCategory,
    user,
  });
  const inBase = useMemo(() => {
    const all = books.data ?? [];
    if (chosenBase === PLACEHOLDER_ID || chosenCategory !== PLACEHOLDER_ID) return all;
    if (!categories.data) return [];
    const ids = new Set(categoryList.map((c) => c.id_bookCategory));
    return all.filter((book) => ids.has(book.id_bookCategory));
  }, [books.data, chosenBase, chosenCategory, categories.data, categoryList]);
  const result = useMemo(() => searchBooks(inBase, query, mode), [inBase, query, mode]);
  return {
    query,
    setQuery,
    mode,
    setMode,
    bases,
    categories,
    baseList,
    categoryList,
    chosenBase,
    chosenCategory,
    chooseBase: (id: number) => {
      setBase(id);
      setCategory(PLACEHOLDER_ID);
    },
    setCategory,
    books,
    result,
    /** The search as one value: a notice about a save stays until it changes. */
    search: JSON.stringify([query, mode, chosenBase, chosenCategory]),
  };
}

type LibrarySearch = ReturnType<typeof useLibrarySearch>;

/** The search field, its mode, and the base category and category pickers. */
function LibraryFilters({ search }: { search: LibrarySearch }) {
  const { t } = useTranslation(['e-library', 'publication']);
  const searchId = useId();
  return (
    <Panel title={t('filters')} icon="library">
      <div className={styles.filters}>
        <div className={cx(form.field, styles.search)}>
          <label htmlFor={searchId} className={form.label}>
            {t('search')}
          </label>
          <div className={styles.searchBox}>
            <Icon name="search" size={18} className={styles.searchIcon} />
            <input
              id={searchId}
              type="search"
              className={cx(form.input, styles.searchInput)}
              value={search.query}
              placeholder={t('searchPlaceholder')}
              maxLength={200}
              autoComplete="off"
              onChange={(event) => search.setQuery(event.target.value)}
            />
          </div>
        </div>
        <SegmentedField
          className={styles.mode}
          legend={t('searchBy')}
          value={search.mode}
          options={[
            { value: SEARCH_BY_NAME, label: t('modes.name') },
            { value: SEARCH_BY_AUTHOR, label: t('modes.author') },
          ]}
          onChange={search.setMode}
        />
        <PickerField
          label={t('publication:baseCategory')}
          value={search.chosenBase}
          placeholder={t('allBases')}
          options={search.baseList.map((b) => ({ id: b.id_baseBookCategory, name: b.name }))}
          query={search.bases}
          onChange={search.chooseBase}
        />
        <PickerField
          label={t('publication:category')}
          value={search.chosenCategory}
          placeholder={t('allCategories')}
          options={search.categoryList.map((c) => ({ id: c.id_bookCategory, name: c.name }))}
          query={search.categories}
          disabled={search.chosenBase === PLACEHOLDER_ID}
          onChange={search.setCategory}
        />
      </div>
    </Panel>
  );
}

/**
 * The e-library: base category, then category (or all books), a search by title or author,
 * and the books to read in the browser or download; teachers add books and edit their own.
 */
export function ELibraryScreen({ user, maxSizeMb }: ELibraryScreenProps) {
  const { t } = useTranslation(['e-library', 'publication']);
  const [dialog, setDialog] = useState<{ editing: LibraryBook | null } | null>(null);
  // "Saved" answers the save; once the search changes, the line reports the search again.
  const [saved, setSaved] = useState<{ notice: string; search: string } | null>(null);
  const search = useLibrarySearch(user);
  const { books, result, chosenBase, chosenCategory } = search;
  const notice = saved?.search === search.search ? saved.notice : '';
  const categoryName = useBookCategoryName('library');
  const teacher = isTeacher(user);

  return (
    <>
      <LibraryFilters search={search} />

      <section className={surface.stack} aria-labelledby="library-books">
        <ListHeading
          id="library-books"
          title={t('books')}
          count={books.data ? t('booksCount', { count: result.books.length }) : undefined}
        >
          {teacher ? (
            <Button onClick={() => setDialog({ editing: null })}>
              <Icon name="plus" size={18} />
              {t('add')}
            </Button>
          ) : null}
        </ListHeading>
        <p role="status" className={cx(surface.liveNote, styles.resultText)}>
          {notice ? (
            <>
              <Icon name="check" size={18} />
              {notice}
            </>
          ) : result.showingAll ? (
            t('nothingFound')
          ) : result.found !== null ? (
            t('found', { count: result.found })
          ) : null}
        </p>
        <QueryState query={books}>
          {() =>
            result.books.length === 0 ? (
              <EmptyState
                icon="library"
                text={chosenBase === PLACEHOLDER_ID ? t('emptyAll') : t('empty')}
              />
            ) : (
              <BookList books={result.books} label={t('books')}>
                {(book) => (
                  <BookCard
                    key={book.id_eBook}
                    book={book}
                    categoryName={categoryName(book.id_bookCategory)}
                    onEdit={
                      teacher && canEditBook(book, user)
                        ? () => {
                            setSaved(null);
                            setDialog({ editing: book });
                          }
                        : undefined
                    }
                  />
                )}
              </BookList>
            )
          }
        </QueryState>
      </section>

      {dialog ? (
        <BookForm
          user={user}
          editing={dialog.editing}
          preset={{ id_baseBookCategory: chosenBase, id_bookCategory: chosenCategory }}
          maxSizeMb={maxSizeMb}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            setSaved({ notice: t('form.saved'), search: search.search });
          }}
        />
      ) : null}
    </>
  );
}
