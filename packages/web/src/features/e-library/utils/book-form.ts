import {
  EMPTY_PUBLICATION,
  parsePages,
  type PublicationDraft,
} from '../../../lib/files/publication';
import type { LibraryBook } from '../../../lib/reference-data/library-books';
import type { PortalUser } from '../../../lib/session/roles';
import type { BookSaveFields } from '../api/save-book';

/** The form of a saved book (its base category is looked up from its category). */
export function draftFromBook(book: LibraryBook): PublicationDraft {
  return {
    ...EMPTY_PUBLICATION,
    name: book.name,
    author: book.author,
    description: book.description,
    pages: book.totalPages > 0 ? String(book.totalPages) : '',
    id_bookCategory: book.id_bookCategory,
  };
}

/** The multipart fields of a book form that passed validatePublication. */
export function toBookFields(
  draft: PublicationDraft,
  context: {
    user: Pick<PortalUser, 'id' | 'role'>;
    editing: LibraryBook | null;
    file: File | undefined;
  },
): BookSaveFields {
  const { user, editing, file } = context;
  return {
    id_eBook: editing?.id_eBook ?? -1,
    nameBook: draft.name.trim(),
    author: draft.author.trim(),
    description: draft.description.trim(),
    totalPages: parsePages(draft.pages) ?? 0,
    fileName: file?.name ?? editing?.fileName ?? '',
    id_bookCategory: draft.id_bookCategory,
    IsFromUmk: editing?.isFromUmk ?? false,
    id_human: user.id,
    id_humanType: user.role,
  };
}

/** Whoever added a book may edit it (the contract's LibraryEBook.id_human). */
export const canEditBook = (book: LibraryBook, user: Pick<PortalUser, 'id' | 'role'>) =>
  book.id_human === user.id && book.id_humanType === user.role;
