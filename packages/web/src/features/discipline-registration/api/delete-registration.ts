import { LmsError } from '@lms/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { withDeleted } from '../utils/registration';
import { disciplineRegistrationKeys, type RegListRequest } from './discipline-registration-keys';
import type { RegRow } from './get-reg-list';

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
      queryClient.setQueryData<RegRow[]>(disciplineRegistrationKeys.list(list), (rows) =>
        withDeleted(rows, row),
      );
      // An elective deleted can be added again.
      return queryClient.invalidateQueries({ queryKey: disciplineRegistrationKeys.optionals() });
    },
  });
}
