import type { components, LmsClient } from '@lms/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import { KEPT_OFFLINE } from '../../../lib/offline/offline-cache';
import { profileKeys, type ProfileParams } from './profile-keys';

export type ProfileData = components['schemas']['ProfileData'];

/** POST /api/profile/data.json: the signed-in person's card, or null when the server has none. */
export function getProfileQueryOptions(client: LmsClient, params: ProfileParams) {
  return queryOptions({
    ...KEPT_OFFLINE,
    queryKey: profileKeys.data(params),
    queryFn: async ({ signal }): Promise<ProfileData | null> =>
      (await client.post('/api/profile/data.json', { body: params, signal })) ?? null,
  });
}

export function useProfile(params: ProfileParams) {
  const client = useApiClient();
  return useQuery(getProfileQueryOptions(client, params));
}
