import { buildDownloadUrl } from '@lms/client';
import { useTranslation } from 'react-i18next';
import {
  PublicationCard,
  type PublicationChip,
} from '../../../components/publication/publication-card';
import { ItemActionButton } from '../../../components/ui/item-action-button';
import { API_BASE_URL } from '../../../lib/query/api-client';
import type { LibraryBook } from '../../../lib/reference-data/library-books';

export interface BookCardProps {
  book: LibraryBook;
  /** Its category's name, when the categories are loaded. */
  categoryName: string | undefined;
  /** Whoever added the book may edit it. */
  onEdit?: () => void;
}

/** One book: title, author, category, pages, description, and its file to read or download. */
export function BookCard({ book, categoryName, onEdit }: BookCardProps) {
  const { t } = useTranslation('e-library');
  const chips: PublicationChip[] = [];
  if (categoryName) chips.push({ label: categoryName });
  if (book.totalPages > 0) chips.push({ label: t('pagesCount', { count: book.totalPages }) });
  if (book.isFromUmk) chips.push({ label: t('fromStudyMaterials'), accent: true });
  return (
    <PublicationCard
      title={book.name}
      meta={book.author || t('noAuthor')}
      description={book.description}
      chips={chips}
      chipsLabel={book.name}
      file={
        book.fileName
          ? {
              name: book.fileName,
              url: buildDownloadUrl('library', book.id_eBook, book.fileName, API_BASE_URL),
              title: book.name,
            }
          : null
      }
      actions={
        onEdit ? (
          <ItemActionButton
            action="edit"
            label={t('editLabel', { name: book.name })}
            title={t('edit')}
            onClick={onEdit}
          />
        ) : undefined
      }
    />
  );
}
