import type { components } from '@lms/client';
import { referenceRead } from '../../../lib/reference-data/keys';

export type UmkType = components['schemas']['UmkType'];

/**
 * POST /api/umk/types: the kinds of study material (lectures, syllabus, ...).
 * @public its query options stand beside its hook, as every read's do
 */
export const [getUmkTypesQueryOptions, useUmkTypes] = referenceRead(
  '/api/umk/types',
  [] as UmkType[],
  () => ({}),
);
