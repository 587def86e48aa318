import type { components } from '@lms/client';
import { postRead } from '../../../lib/query/post-read';
import { studyMaterialsKeys, type UmkListRequest } from './study-materials-keys';

export type UmkItem = components['schemas']['UmkItem'];

/**
 * POST /api/umk/umklist: the teacher's own materials of one discipline row (semester, discipline,
 * form of control). `null` until the row is chosen.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getUmkListQueryOptions, useUmkList] = postRead('/api/umk/umklist', [] as UmkItem[], {
  key: (params: UmkListRequest | null) => studyMaterialsKeys.list(params ?? {}),
});
