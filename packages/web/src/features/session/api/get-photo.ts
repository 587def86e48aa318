import type { LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { photoToDataUrl } from '../utils/photo';
import type { PortalRole } from '../../../lib/roles';
import { sessionKeys } from './session-keys';
import { KEPT_OFFLINE } from '../../../lib/offline-cache';

export interface PhotoParams {
  uid: number;
  role: PortalRole;
}

/** POST /api/misc/photo, once per user (section 4); resolves to a data URL or null. */
export function getPhotoQueryOptions(client: LmsClient, params: PhotoParams | null) {
  return queryOptions({
    ...KEPT_OFFLINE,
    queryKey: sessionKeys.photo(params),
    queryFn: params
      ? async () => photoToDataUrl(await client.post('/api/misc/photo', { body: params }))
      : skipToken,
    staleTime: Infinity,
    retry: false,
  });
}

export function usePhoto(params: PhotoParams | null) {
  return useQuery(getPhotoQueryOptions(useApiClient(), params));
}
