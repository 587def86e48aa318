import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';
import type { PortalUser } from '../../../lib/roles';

export type OrderDoc = components['schemas']['SingleWindowDoc'];
export type Region = components['schemas']['SingleWindowRegion'];
export type District = components['schemas']['SingleWindowDistrict'];

const DOCS = '/api/singlewindow/doc/list';
const REGIONS = '/api/singlewindow/region/list';
const DISTRICTS = '/api/singlewindow/district/list';

/** POST singlewindow/doc/list: the documents the user's role may order. */
export function getDocsQueryOptions(client: LmsClient, user: Pick<PortalUser, 'uid' | 'role'>) {
  const body = { uid: user.uid, role: user.role };
  return referenceQuery(DOCS, body, (b) => client.post(DOCS, { body: b }), [] as OrderDoc[]);
}

export function useOrderDocs(user: Pick<PortalUser, 'uid' | 'role'>) {
  return useQuery(getDocsQueryOptions(useApiClient(), user));
}

/** POST singlewindow/region/list: where a document can be received. */
export function getRegionsQueryOptions(client: LmsClient) {
  return referenceQuery(REGIONS, {}, (b) => client.post(REGIONS, { body: b }), [] as Region[]);
}

export function useRegions() {
  return useQuery(getRegionsQueryOptions(useApiClient()));
}

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
