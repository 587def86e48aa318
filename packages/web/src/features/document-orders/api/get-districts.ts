import type { components } from '@lms/client';
import { referenceRead } from '../../../lib/reference-data/keys';

export type District = components['schemas']['SingleWindowDistrict'];

/**
 * POST singlewindow/district/list: the districts of a region; `null` until one is chosen.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getDistrictsQueryOptions, useDistricts] = referenceRead(
  '/api/singlewindow/district/list',
  [] as District[],
  (id_region: number | null) => (id_region === null ? null : { id_region }),
);
