import type { components } from '@lms/client';
import { referenceRead } from '../../../lib/reference-data/keys';

export type MaterialType = components['schemas']['UmkType'];

/**
 * POST /api/umk/types: the kinds of study material (lectures, syllabus, ...).
 * @public its query options stand beside its hook, as every read's do
 */
export const [getMaterialTypesQueryOptions, useMaterialTypes] = referenceRead(
  '/api/umk/types',
  [] as MaterialType[],
  () => ({}),
);
