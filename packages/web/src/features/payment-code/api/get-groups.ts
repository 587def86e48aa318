import type { components, LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { paymentCodeKeys } from './payment-code-keys';

export type Group = components['schemas']['Group'];
export interface GroupsParams {
  id_a_year: number;
  id_student: number;
}

/**
 * POST /api/misc/getgroups: the student's groups in one academic year (empty if none). With no
 * year chosen (`null`) there is nothing to ask.
 */
export function getGroupsQueryOptions(client: LmsClient, params: GroupsParams | null) {
  return queryOptions({
    queryKey: paymentCodeKeys.groups(params ?? { id_a_year: -1, id_student: -1 }),
    queryFn: params
      ? async (): Promise<Group[]> =>
          (await client.post('/api/misc/getgroups', { body: params })) ?? []
      : skipToken,
    staleTime: 10 * 60_000,
  });
}

export function useGroups(params: GroupsParams | null) {
  const client = useApiClient();
  return useQuery(getGroupsQueryOptions(client, params));
}
