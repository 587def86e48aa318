import type { components } from '@lms/client';
import { referenceRead } from '../../../lib/reference-data/keys';
import type { RegSemestersRequest } from './discipline-registration-keys';

export type RegSemester = components['schemas']['Semester'];

/**
 * POST regfordisciplines/getsemesters: the group's semesters in a year; `null` until both are known.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getRegSemestersQueryOptions, useRegSemesters] = referenceRead(
  '/api/regfordisciplines/getsemesters',
  [] as RegSemester[],
  (params: RegSemestersRequest | null) => params,
);
