import type { components } from '@lms/client';
import { referenceRead } from '../../../lib/reference-data/keys';

export type Region = components['schemas']['SingleWindowRegion'];

/**
 * POST singlewindow/region/list: where a document can be received.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getRegionsQueryOptions, useRegions] = referenceRead(
  '/api/singlewindow/region/list',
  [] as Region[],
  () => ({}),
);
