import { upload, type LmsClient, type UploadFields, type UploadProgress } from '@lms/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { ALL_BOOKS, type LibraryBook } from '../../../lib/reference-data/library-books';
import { withSavedBook } from '../utils/book-search';
import { eLibraryKeys } from './e-library-keys';

export type BookSaveFields = UploadFields<'/api/library/insertupdatebook'>;

export interface SaveBookInput {
  fields: BookSaveFields;
  /** The book file; an edit without one keeps the stored file. */
  files: readonly File[];
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** POST /api/library/insertupdatebook: multipart, the e-book fields and one `file` part. */
export function saveBook(client: LmsClient, input: SaveBookInput) {
  return upload(client, '/api/library/insertupdatebook', input.fields, input.files, {
    onProgress: input.onProgress,
    signal: input.signal,
  });
}

/**
 * A successful save replaces the book in every loaded list (the whole library, its
 * category) at once, so the search results follow; the lists are then asked again.
 */
export function useSaveBook() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveBookInput) => saveBook(client, input),
    onSuccess: (book) => {
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
    },
  });
}
