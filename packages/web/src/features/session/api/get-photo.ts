import type { LmsClient } from '@lms/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { photoToDataUrl } from '../utils/photo';
import type { PortalRole } from '../utils/roles';
import { sessionKeys } from './session-keys';

export interface PhotoParams {
  uid: number;
  role: PortalRole;
}

/** POST /api/misc/photo, once per user (section 4); resolves to a data URL or null. */
export function getPhotoQueryOptions(client: LmsClient, params: PhotoParams) {
  return queryOptions({
    queryKey: sessionKeys.photo(params),
    queryFn: async () => photoToDataUrl(await client.post('/api/misc/photo', { body: params })),
    staleTime: Infinity,
    retry: false,
  });
}

export function usePhoto(params: PhotoParams | null) {
  const client = useApiClient();
  return useQuery({
    ...getPhotoQueryOptions(client, params ?? { uid: 0, role: 1 }),
    enabled: params !== null,
  });
}
