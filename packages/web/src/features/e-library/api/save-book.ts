import type { UploadFields } from '@lms/client';
import { ALL_BOOKS, type LibraryBook } from '../../../lib/reference-data/library-books';
import { useUploadMutation } from '../../../lib/files/upload-kit';
import { withSavedBook } from '../utils/book-search';
import { eLibraryKeys } from './e-library-keys';

export type BookSaveFields = UploadFields<'/api/library/insertupdatebook'>;

/**
 * POST /api/library/insertupdatebook: multipart, the e-book fields and one `file` part. A
 * successful save replaces the book in every loaded list (the whole library, its category) at
 * once, so the search results follow; the lists are then asked again.
 */
export function useSaveBook() {
  return useUploadMutation('/api/library/insertupdatebook', (book, queryClient) => {
    if (!book) return queryClient.invalidateQueries({ queryKey: eLibraryKeys.bookLists() });
    for (const [key] of queryClient.getQueriesData<LibraryBook[]>({
      queryKey: eLibraryKeys.bookLists(),
    })) {
      const body = key[2] as { id_bookCategory?: number } | undefined;
      queryClient.setQueryData<LibraryBook[]>(key, (list) =>
        withSavedBook(list, book, body?.id_bookCategory ?? ALL_BOOKS, ALL_BOOKS),
      );
    }
    return queryClient.invalidateQueries({
      queryKey: eLibraryKeys.bookLists(),
      refetchType: 'none',
    });
  });
}
