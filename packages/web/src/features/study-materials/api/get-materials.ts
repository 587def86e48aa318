import type { components } from '@lms/client';
import { postRead } from '../../../lib/query/post-read';
import { studyMaterialsKeys, type MaterialListRequest } from './study-materials-keys';

export type MaterialItem = components['schemas']['UmkItem'];

/**
 * POST /api/umk/umklist: the teacher's own materials of one discipline row (semester, discipline,
 * form of control). `null` until the row is chosen.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getMaterialListQueryOptions, useMaterialList] = postRead(
  '/api/umk/umklist',
  [] as MaterialItem[],
  {
    key: (params: MaterialListRequest | null) => studyMaterialsKeys.list(params ?? {}),
  },
);
