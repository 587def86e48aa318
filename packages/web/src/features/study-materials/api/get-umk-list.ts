import type { components, LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { studyMaterialsKeys, type UmkListRequest } from './study-materials-keys';

export type UmkItem = components['schemas']['UmkItem'];

/**
 * POST /api/umk/umklist: the teacher's own materials of one discipline row (semester, discipline,
 * form of control). `null` until the row is chosen.
 */
export function getUmkListQueryOptions(client: LmsClient, params: UmkListRequest | null) {
  return queryOptions({
    queryKey: studyMaterialsKeys.list(params ?? {}),
    queryFn: params
      ? async (): Promise<UmkItem[]> =>
          (await client.post('/api/umk/umklist', { body: params })) ?? []
      : skipToken,
  });
}

export function useUmkList(params: UmkListRequest | null) {
  return useQuery(getUmkListQueryOptions(useApiClient(), params));
}
