import { LmsError } from '@lms/client';
import { useConfirmedWrite } from '../../../lib/query/post-write';
import { withDeleted } from '../utils/registration';
import {
  disciplineRegistrationKeys,
  type RegistrationListRequest,
} from './discipline-registration-keys';
import type { RegistrationRow } from './get-registration-list';

/** POST deleteregistration: a plan row is cleared, an elective row removed. */
export function useDeleteRegistration(list: RegistrationListRequest) {
  return useConfirmedWrite('/api/regfordisciplines/deleteregistration', {
    body: (row: RegistrationRow) => ({
      id_disciplineForStudent: row.id_disciplineForStudent ?? -1,
      uid: list.uid,
    }),
    unconfirmed: () => new LmsError('OK', 'The server did not confirm the deletion'),
    onSuccess: (_done, row, queryClient) => {
      queryClient.setQueryData<RegistrationRow[]>(disciplineRegistrationKeys.list(list), (rows) =>
        withDeleted(rows, row),
      );
      // An elective deleted can be added again.
      return queryClient.invalidateQueries({ queryKey: disciplineRegistrationKeys.optionals() });
    },
  });
}
