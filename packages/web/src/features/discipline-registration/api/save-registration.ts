import { LmsError, type components } from '@lms/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { withSaved } from '../utils/registration';
import { disciplineRegistrationKeys, type RegListRequest } from './discipline-registration-keys';
import type { RegRow } from './get-reg-list';

export type RegSaveRequest = components['schemas']['RegSaveRequest'];

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
      queryClient.setQueryData<RegRow[]>(disciplineRegistrationKeys.list(list), (rows) =>
        withSaved(rows, body, saved),
      );
      if (!body.isByPlan) {
        return queryClient.invalidateQueries({ queryKey: disciplineRegistrationKeys.all });
      }
    },
  });
}
