import { LmsError, type components } from '@lms/client';
import { useConfirmedWrite } from '../../../lib/query/post-write';
import { withSaved } from '../utils/registration';
import {
  disciplineRegistrationKeys,
  type RegistrationListRequest,
} from './discipline-registration-keys';
import type { RegistrationRow } from './get-registration-list';

export type RegistrationSaveRequest = components['schemas']['RegSaveRequest'];

/**
 * POST saveregistration. Save sets teacher, stream and id_disciplineForStudent on the
 * row; a new elective is asked for again with the list (it has no row yet).
 */
export function useSaveRegistration(list: RegistrationListRequest) {
  return useConfirmedWrite('/api/regfordisciplines/saveregistration', {
    unconfirmed: () => new LmsError('OK', 'The server did not confirm the registration'),
    onSuccess: (saved, body: RegistrationSaveRequest, queryClient) => {
      queryClient.setQueryData<RegistrationRow[]>(disciplineRegistrationKeys.list(list), (rows) =>
        withSaved(rows, body, saved),
      );
      if (!body.isByPlan) {
        return queryClient.invalidateQueries({ queryKey: disciplineRegistrationKeys.all });
      }
    },
  });
}
