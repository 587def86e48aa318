import type { components, LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { studyMaterialsKeys, type UmkTeachersRequest } from './study-materials-keys';

export type UmkTeacher = components['schemas']['Teacher'];

/**
 * POST /api/umk/getumkteachers: the teachers with materials for the student's discipline and form
 * of control. Not reference data: it grows when a teacher publishes.
 */
export function getUmkTeachersQueryOptions(client: LmsClient, params: UmkTeachersRequest | null) {
  return queryOptions({
    queryKey: studyMaterialsKeys.teachers(params ?? {}),
    queryFn: params
      ? async (): Promise<UmkTeacher[]> =>
          (await client.post('/api/umk/getumkteachers', { body: params })) ?? []
      : skipToken,
  });
}

export function useUmkTeachers(params: UmkTeachersRequest | null) {
  return useQuery(getUmkTeachersQueryOptions(useApiClient(), params));
}
