import { referenceRead } from '../../../lib/reference-data/keys';
import type { UmkSemester } from './get-teacher-semesters';
import type { UmkStudentSemestersRequest } from './study-materials-keys';

/**
 * POST /api/umk/semestersforstud: the semesters the student has studied; `null` until the group is known.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getStudentSemestersQueryOptions, useStudentSemesters] = referenceRead(
  '/api/umk/semestersforstud',
  [] as UmkSemester[],
  (params: UmkStudentSemestersRequest | null) => params,
);
