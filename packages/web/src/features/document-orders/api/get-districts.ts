import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';

export type District = components['schemas']['SingleWindowDistrict'];

const DISTRICTS = '/api/singlewindow/district/list';

/** POST singlewindow/district/list: the districts of a region; `null` until one is chosen. */
export function getDistrictsQueryOptions(client: LmsClient, id_region: number | null) {
  const body = id_region === null ? null : { id_region };
  return referenceQuery(
    DISTRICTS,
    body,
    (b) => client.post(DISTRICTS, { body: b }),
    [] as District[],
  );
}

export function useDistricts(id_region: number | null) {
  return useQuery(getDistrictsQueryOptions(useApiClient(), id_region));
}
