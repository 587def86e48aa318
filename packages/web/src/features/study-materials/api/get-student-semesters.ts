import { referenceRead } from '../../../lib/reference-data/keys';
import type { MaterialSemester } from './get-teacher-semesters';
import type { MaterialStudentSemestersRequest } from './study-materials-keys';

/**
 * POST /api/umk/semestersforstud: the semesters the student has studied; `null` until the group is known.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getStudentSemestersQueryOptions, useStudentSemesters] = referenceRead(
  '/api/umk/semestersforstud',
  [] as MaterialSemester[],
  (params: MaterialStudentSemestersRequest | null) => params,
);
