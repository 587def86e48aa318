import type { components } from '@lms/client';
import { postRead } from '../../../lib/query/post-read';
import {
  disciplineRegistrationKeys,
  type OptionalDisciplinesRequest,
} from './discipline-registration-keys';

export type OptionalDiscipline = components['schemas']['RegOptionalDiscipline'];

/**
 * POST optional/disciplines: the optional disciplines not yet in the student's list; it changes
 * with every registration, so it lives with the list.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getOptionalDisciplinesQueryOptions, useOptionalDisciplines] = postRead(
  '/api/regfordisciplines/optional/disciplines',
  [] as OptionalDiscipline[],
  {
    key: (params: OptionalDisciplinesRequest | null) =>
      disciplineRegistrationKeys.optional(params ?? {}),
  },
);
