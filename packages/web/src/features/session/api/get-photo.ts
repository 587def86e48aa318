import type { LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import { photoToDataUrl } from '../utils/photo';
import { KEPT_OFFLINE } from '../../../lib/offline/offline-cache';
import { sessionKeys, type PhotoParams } from './session-keys';

/** POST /api/misc/photo, once per user; resolves to a data URL or null. */
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

/**
 * `wait`: the request is not made yet (the shell's header asks once its first screen is shown);
 * a photo already in the cache (kept offline, or asked by another screen) shows at once.
 */
export function usePhoto(params: PhotoParams | null, { wait = false }: { wait?: boolean } = {}) {
  return useQuery({ ...getPhotoQueryOptions(useApiClient(), params), enabled: !wait });
}
