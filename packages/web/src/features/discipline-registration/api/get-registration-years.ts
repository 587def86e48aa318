import type { components } from '@lms/client';
import { referenceRead } from '../../../lib/reference-data/keys';

export type RegistrationYear = components['schemas']['AcademicYear'];

/**
 * POST regfordisciplines/getyears: the years the student can look at, newest first.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getRegistrationYearsQueryOptions, useRegistrationYears] = referenceRead(
  '/api/regfordisciplines/getyears',
  [] as RegistrationYear[],
  (uid: number) => ({ uid }),
);
