import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PickerField } from '../../../components/ui/picker-field';
import { offeredId } from '../../../lib/ui-state/pickers';
import {
  useBaseBookCategories,
  useBaseCategoryOf,
  useBookCategories,
} from '../../../lib/reference-data/book-categories';
import {
  ALL_BOOKS,
  useBookList,
  type LibraryBook,
} from '../../../lib/reference-data/library-books';
import { useShellSession } from '../../../lib/session/shell-session';
import type { MaterialDraft } from '../utils/material-draft';
import styles from './study-materials.module.css';

export interface SharedBookPickerProps {
  draft: MaterialDraft;
  onChange: (draft: MaterialDraft) => void;
  error?: string;
  disabled: boolean;
}

/**
 * A book of the e-library shared as the material (isSharedBookFromEBooks): base category, category,
 * then the book. Choosing a book fills the fields still empty from it (title, author, pages).
 */
export function SharedBookPicker({ draft, onChange, error, disabled }: SharedBookPickerProps) {
  const { t } = useTranslation(['study-materials', 'publication']);
  const { user } = useShellSession();
  const [chosen, setChosen] = useState({ base: -1, category: -1 });
  // Editing a shared material: its book's category and base category are found from the book.
  const all = useBookList(
    draft.id_booksShare !== -1 && chosen.category === -1
      ? { id_bookCategory: ALL_BOOKS, user }
      : null,
  );
  const sharedBook = all.data?.find((book) => book.id_eBook === draft.id_booksShare);
  const category = chosen.category !== -1 ? chosen.category : (sharedBook?.id_bookCategory ?? -1);
  const baseOf = useBaseCategoryOf(
    'library',
    chosen.base === -1 && category !== -1 ? category : null,
  );
  const base = chosen.base !== -1 ? chosen.base : baseOf;

  const bases = useBaseBookCategories();
  const categories = useBookCategories('library', base === -1 ? null : base);
  const books = useBookList(category === -1 ? null : { id_bookCategory: category, user });
  const baseOptions = (bases.data ?? []).map((b) => ({ id: b.id_baseBookCategory, name: b.name }));
  const categoryOptions = (categories.data ?? []).map((c) => ({
    id: c.id_bookCategory,
    name: c.name,
  }));
  const bookOptions = (books.data ?? []).map((b) => ({
    id: b.id_eBook,
    name: b.author ? `${b.name} — ${b.author}` : b.name,
  }));

  const pick = (book: LibraryBook | undefined) => {
    if (!book) return onChange({ ...draft, id_booksShare: -1 });
    onChange({
      ...draft,
      id_booksShare: book.id_eBook,
      name: draft.name.trim() ? draft.name : book.name,
      author: draft.author.trim() ? draft.author : book.author,
      pages: draft.pages.trim() || book.totalPages < 1 ? draft.pages : String(book.totalPages),
      description: draft.description.trim() ? draft.description : book.description,
    });
  };

  return (
    <div className={styles.twoColumns}>
      <PickerField
        label={t('publication:baseCategory')}
        value={offeredId(baseOptions, base, (o) => o.id)}
        options={baseOptions}
        query={bases}
        disabled={disabled}
        required
        onChange={(id) => {
          setChosen({ base: id, category: -1 });
          onChange({ ...draft, id_booksShare: -1 });
        }}
      />
      <PickerField
        label={t('publication:category')}
        value={offeredId(categoryOptions, category, (o) => o.id)}
        options={categoryOptions}
        query={categories}
        disabled={disabled || base === -1}
        required
        onChange={(id) => {
          setChosen({ base, category: id });
          onChange({ ...draft, id_booksShare: -1 });
        }}
      />
      <PickerField
        className={styles.wide}
        label={t('form.book')}
        value={offeredId(bookOptions, draft.id_booksShare, (o) => o.id)}
        options={bookOptions}
        query={books}
        busy={all.isFetching}
        disabled={disabled || category === -1}
        required
        error={error}
        onChange={(id) => pick(books.data?.find((book) => book.id_eBook === id))}
      />
    </div>
  );
}
