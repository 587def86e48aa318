import { LmsError, type components, type LmsClient } from '@lms/client';
import {
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { withDeleted, withSaved } from '../utils/registration';
import { registrationKeys } from './registration-keys';

export type RegRow = components['schemas']['RegRow'];
export type RegListRequest = components['schemas']['RegListRequest'];
export type RegSaveRequest = components['schemas']['RegSaveRequest'];

/** POST regfordisciplines/getreglist: plan rows, then electives; `null` until the period is chosen. */
export function getRegListQueryOptions(client: LmsClient, params: RegListRequest | null) {
  return queryOptions({
    queryKey: registrationKeys.list(params ?? {}),
    queryFn: params
      ? async (): Promise<RegRow[]> =>
          (await client.post('/api/regfordisciplines/getreglist', { body: params })) ?? []
      : skipToken,
  });
}

export function useRegList(params: RegListRequest | null) {
  return useQuery(getRegListQueryOptions(useApiClient(), params));
}

/**
 * POST saveregistration. Save sets teacher, stream and id_disciplineForStudent on the
 * row; a new elective is asked for again with the list (it has no row yet).
 */
export function useSaveRegistration(list: RegListRequest) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegSaveRequest) => {
      const saved = await client.post('/api/regfordisciplines/saveregistration', { body });
      if (!saved) throw new LmsError('OK', 'The server did not confirm the registration');
      return saved;
    },
    onSuccess: (saved, body) => {
      queryClient.setQueryData<RegRow[]>(registrationKeys.list(list), (rows) =>
        withSaved(rows, body, saved),
      );
      if (!body.isByPlan) {
        return queryClient.invalidateQueries({ queryKey: registrationKeys.all });
      }
    },
  });
}

/** POST deleteregistration: a plan row is cleared, an elective row removed. */
export function useDeleteRegistration(list: RegListRequest) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (row: RegRow) => {
      const done = await client.post('/api/regfordisciplines/deleteregistration', {
        body: { id_disciplineForStudent: row.id_disciplineForStudent ?? -1, uid: list.uid },
      });
      if (!done) throw new LmsError('OK', 'The server did not confirm the deletion');
    },
    onSuccess: (_done, row) => {
      queryClient.setQueryData<RegRow[]>(registrationKeys.list(list), (rows) =>
        withDeleted(rows, row),
      );
      // An elective deleted can be added again.
      return queryClient.invalidateQueries({
        queryKey: [...registrationKeys.all, 'optional'],
      });
    },
  });
}
