import type { components } from '@lms/client';
import { postRead } from '../../../lib/query/post-read';
import { studyMaterialsKeys, type MaterialTeachersRequest } from './study-materials-keys';

export type MaterialTeacher = components['schemas']['Teacher'];

/**
 * POST /api/umk/getumkteachers: the teachers with materials for the student's discipline and form
 * of control. Not reference data: it grows when a teacher publishes.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getMaterialTeachersQueryOptions, useMaterialTeachers] = postRead(
  '/api/umk/getumkteachers',
  [] as MaterialTeacher[],
  { key: (params: MaterialTeachersRequest | null) => studyMaterialsKeys.teachers(params ?? {}) },
);
