import type { AcademicYear } from './current-year';
import { referenceRead } from './keys';

/**
 * POST /api/misc/years: every academic year, newest first (the year pickers' options).
 * @public its query options stand beside its hook, as every read's do
 */
export const [getYearsQueryOptions, useYears] = referenceRead(
  '/api/misc/years',
  [] as AcademicYear[],
  () => ({}),
);
