import { postRead } from '../../../lib/query/post-read';
import type { UmkItem } from './get-umk-list';
import { studyMaterialsKeys, type UmkStudentListRequest } from './study-materials-keys';

/**
 * POST /api/umk/getumklistforstud: the materials a student may see for a discipline, form of
 * control and teacher (-1: all teachers). `null` until those are chosen.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getStudentUmkListQueryOptions, useStudentUmkList] = postRead(
  '/api/umk/getumklistforstud',
  [] as UmkItem[],
  { key: (params: UmkStudentListRequest | null) => studyMaterialsKeys.studentList(params ?? {}) },
);
