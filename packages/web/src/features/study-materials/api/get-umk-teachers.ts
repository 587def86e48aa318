import type { components } from '@lms/client';
import { postRead } from '../../../lib/query/post-read';
import { studyMaterialsKeys, type UmkTeachersRequest } from './study-materials-keys';

export type UmkTeacher = components['schemas']['Teacher'];

/**
 * POST /api/umk/getumkteachers: the teachers with materials for the student's discipline and form
 * of control. Not reference data: it grows when a teacher publishes.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getUmkTeachersQueryOptions, useUmkTeachers] = postRead(
  '/api/umk/getumkteachers',
  [] as UmkTeacher[],
  { key: (params: UmkTeachersRequest | null) => studyMaterialsKeys.teachers(params ?? {}) },
);
