import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../query/api-client';
import { referenceQuery } from './keys';

export type SemesterHalf = components['schemas']['SemesterHalf'];
export type Ws = SemesterHalf['ws'];

const PATH = '/api/discipline/current/ws.json';

/** GET /api/discipline/current/ws.json: semester halves, the current one first. */
export function getCurrentWsQueryOptions(client: LmsClient) {
  return referenceQuery(PATH, {}, () => client.get(PATH), [] as SemesterHalf[]);
}

export function useCurrentWs() {
  return useQuery(getCurrentWsQueryOptions(useApiClient()));
}
