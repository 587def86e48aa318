import { LmsError, type components, type LmsClient } from '@lms/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { UmkItem } from './get-umk-list';
import { studyMaterialsKeys } from './study-materials-keys';

export type UmkDeleteRequest = components['schemas']['UmkDeleteRequest'];

/** POST /api/umk/deletebook: only an answer with data confirms the deletion. */
export async function deleteUmk(client: LmsClient, body: UmkDeleteRequest): Promise<void> {
  const data = await client.post('/api/umk/deletebook', { body });
  if (!data) throw new LmsError('OK', 'The server did not confirm the deletion');
}

export function useDeleteUmk() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UmkDeleteRequest) => deleteUmk(client, body),
    onSuccess: (_data, { id_books }) => {
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
