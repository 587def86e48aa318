import { postRead } from '../../../lib/query/post-read';
import type { MaterialItem } from './get-materials';
import { studyMaterialsKeys, type MaterialStudentListRequest } from './study-materials-keys';

/**
 * POST /api/umk/getumklistforstud: the materials a student may see for a discipline, form of
 * control and teacher (-1: all teachers). `null` until those are chosen.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getStudentMaterialListQueryOptions, useStudentMaterialList] = postRead(
  '/api/umk/getumklistforstud',
  [] as MaterialItem[],
  {
    key: (params: MaterialStudentListRequest | null) =>
      studyMaterialsKeys.studentList(params ?? {}),
  },
);
