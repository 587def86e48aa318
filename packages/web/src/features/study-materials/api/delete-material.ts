import { LmsError, type components } from '@lms/client';
import { useConfirmedWrite } from '../../../lib/query/post-write';
import type { MaterialItem } from './get-materials';
import { studyMaterialsKeys } from './study-materials-keys';

export type MaterialDeleteRequest = components['schemas']['UmkDeleteRequest'];

/** POST /api/umk/deletebook: only an answer with data confirms the deletion. */
export function useDeleteMaterial() {
  return useConfirmedWrite('/api/umk/deletebook', {
    unconfirmed: () => new LmsError('OK', 'The server did not confirm the deletion'),
    onSuccess: (_data, { id_books }: MaterialDeleteRequest, queryClient) => {
      // Gone at once from every loaded list; then the lists and the e-library (its copy went too)
      // are asked again.
      queryClient.setQueriesData<MaterialItem[]>(
        { queryKey: studyMaterialsKeys.lists() },
        (items) => items?.filter((item) => item.id_books !== id_books),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: studyMaterialsKeys.all }),
        queryClient.invalidateQueries({ queryKey: studyMaterialsKeys.libraryBookLists() }),
      ]);
    },
  });
}
