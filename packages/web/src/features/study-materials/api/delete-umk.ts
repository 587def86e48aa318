import { LmsError, type components } from '@lms/client';
import { useConfirmedWrite } from '../../../lib/query/post-write';
import type { UmkItem } from './get-umk-list';
import { studyMaterialsKeys } from './study-materials-keys';

export type UmkDeleteRequest = components['schemas']['UmkDeleteRequest'];

/** POST /api/umk/deletebook: only an answer with data confirms the deletion. */
export function useDeleteUmk() {
  return useConfirmedWrite('/api/umk/deletebook', {
    unconfirmed: () => new LmsError('OK', 'The server did not confirm the deletion'),
    onSuccess: (_data, { id_books }: UmkDeleteRequest, queryClient) => {
      // Gone at once from every loaded list; then the lists and the e-library (its copy went too)
      // are asked again.
      queryClient.setQueriesData<UmkItem[]>({ queryKey: studyMaterialsKeys.lists() }, (items) =>
        items?.filter((item) => item.id_books !== id_books),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: studyMaterialsKeys.all }),
        queryClient.invalidateQueries({ queryKey: studyMaterialsKeys.libraryBookLists() }),
      ]);
    },
  });
}
