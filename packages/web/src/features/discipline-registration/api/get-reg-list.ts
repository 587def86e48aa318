import type { components } from '@lms/client';
import { postRead } from '../../../lib/query/post-read';
import { disciplineRegistrationKeys, type RegListRequest } from './discipline-registration-keys';

export type RegRow = components['schemas']['RegRow'];

/**
 * POST regfordisciplines/getreglist: plan rows, then electives; `null` until the period is chosen.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getRegListQueryOptions, useRegList] = postRead(
  '/api/regfordisciplines/getreglist',
  [] as RegRow[],
  { key: (params: RegListRequest | null) => disciplineRegistrationKeys.list(params ?? {}) },
);
