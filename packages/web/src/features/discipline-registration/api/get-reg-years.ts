import type { components } from '@lms/client';
import { referenceRead } from '../../../lib/reference-data/keys';

export type RegYear = components['schemas']['AcademicYear'];

/**
 * POST regfordisciplines/getyears: the years the student can look at, newest first.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getRegYearsQueryOptions, useRegYears] = referenceRead(
  '/api/regfordisciplines/getyears',
  [] as RegYear[],
  (uid: number) => ({ uid }),
);
