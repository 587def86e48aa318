import type { components } from '@lms/client';
import { postRead } from '../../../lib/query/post-read';
import {
  disciplineRegistrationKeys,
  type RegistrationListRequest,
} from './discipline-registration-keys';

export type RegistrationRow = components['schemas']['RegRow'];

/**
 * POST regfordisciplines/getreglist: plan rows, then electives; `null` until the period is chosen.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getRegistrationListQueryOptions, useRegistrationList] = postRead(
  '/api/regfordisciplines/getreglist',
  [] as RegistrationRow[],
  {
    key: (params: RegistrationListRequest | null) => disciplineRegistrationKeys.list(params ?? {}),
  },
);
