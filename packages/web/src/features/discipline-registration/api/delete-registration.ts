import { LmsError } from '@lms/client';
import { useConfirmedWrite } from '../../../lib/query/post-write';
import { withDeleted } from '../utils/registration';
import { disciplineRegistrationKeys, type RegListRequest } from './discipline-registration-keys';
import type { RegRow } from './get-reg-list';

/** POST deleteregistration: a plan row is cleared, an elective row removed. */
export function useDeleteRegistration(list: RegListRequest) {
  return useConfirmedWrite('/api/regfordisciplines/deleteregistration', {
    body: (row: RegRow) => ({
      id_disciplineForStudent: row.id_disciplineForStudent ?? -1,
      uid: list.uid,
    }),
    unconfirmed: () => new LmsError('OK', 'The server did not confirm the deletion'),
    onSuccess: (_done, row, queryClient) => {
      queryClient.setQueryData<RegRow[]>(disciplineRegistrationKeys.list(list), (rows) =>
        withDeleted(rows, row),
      );
      // An elective deleted can be added again.
      return queryClient.invalidateQueries({ queryKey: disciplineRegistrationKeys.optionals() });
    },
  });
}
