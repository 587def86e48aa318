import type { LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { UmkItem } from './get-umk-list';
import { studyMaterialsKeys, type UmkStudentListRequest } from './study-materials-keys';

/**
 * POST /api/umk/getumklistforstud: the materials a student may see for a discipline, form of
 * control and teacher (-1: all teachers). `null` until those are chosen.
 */
export function getStudentUmkListQueryOptions(
  client: LmsClient,
  params: UmkStudentListRequest | null,
) {
  return queryOptions({
    queryKey: studyMaterialsKeys.studentList(params ?? {}),
    queryFn: params
      ? async (): Promise<UmkItem[]> =>
          (await client.post('/api/umk/getumklistforstud', { body: params })) ?? []
      : skipToken,
  });
}

export function useStudentUmkList(params: UmkStudentListRequest | null) {
  return useQuery(getStudentUmkListQueryOptions(useApiClient(), params));
}
