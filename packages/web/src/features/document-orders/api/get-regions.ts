import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';

export type Region = components['schemas']['SingleWindowRegion'];

const REGIONS = '/api/singlewindow/region/list';

/** POST singlewindow/region/list: where a document can be received. */
export function getRegionsQueryOptions(client: LmsClient) {
  return referenceQuery(REGIONS, {}, (b) => client.post(REGIONS, { body: b }), [] as Region[]);
}

export function useRegions() {
  return useQuery(getRegionsQueryOptions(useApiClient()));
}
