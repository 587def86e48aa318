import type { AcademicYear } from './current-year';
import { referenceRead } from './keys';

export interface DefaultYearParams {
  uid: number;
}

/**
 * POST /api/misc/defaultyear, once after the user loads; the year pickers start on
 * its answer. `null` params: nobody is signed in yet.
 */
export const [getDefaultYearQueryOptions, useDefaultYear] = referenceRead(
  '/api/misc/defaultyear',
  null as AcademicYear | null,
  (params: DefaultYearParams | null) => params,
  Infinity,
);
