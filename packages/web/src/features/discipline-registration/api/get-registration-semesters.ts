import type { components } from '@lms/client';
import { referenceRead } from '../../../lib/reference-data/keys';
import type { RegistrationSemestersRequest } from './discipline-registration-keys';

export type RegistrationSemester = components['schemas']['Semester'];

/**
 * POST regfordisciplines/getsemesters: the group's semesters in a year; `null` until both are known.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getRegistrationSemestersQueryOptions, useRegistrationSemesters] = referenceRead(
  '/api/regfordisciplines/getsemesters',
  [] as RegistrationSemester[],
  (params: RegistrationSemestersRequest | null) => params,
);
