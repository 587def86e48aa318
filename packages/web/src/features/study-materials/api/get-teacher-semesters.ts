import type { components } from '@lms/client';
import { referenceRead } from '../../../lib/reference-data/keys';

export type MaterialSemester = components['schemas']['Semester'];

/**
 * POST /api/umk/semesters: the study semesters (1..12) in which the teacher teaches.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getTeacherSemestersQueryOptions, useTeacherSemesters] = referenceRead(
  '/api/umk/semesters',
  [] as MaterialSemester[],
  (uid: number) => ({ uid }),
);
