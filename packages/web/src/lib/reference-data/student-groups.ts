import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../api-client';
import { referenceQuery } from './keys';

export type Group = components['schemas']['Group'];
export type StudentGroupsParams = components['schemas']['MiscGroupsRequest'];

const PATH = '/api/misc/getgroups';

/**
 * POST /api/misc/getgroups: a student's groups in one academic year (empty if none). Asked
 * once the default year arrives; a year picker asks again for another year.
 */
export function getStudentGroupsQueryOptions(
  client: LmsClient,
  params: StudentGroupsParams | null,
) {
  return referenceQuery(PATH, params, (body) => client.post(PATH, { body }), [] as Group[]);
}

export function useStudentGroups(params: StudentGroupsParams | null) {
  return useQuery(getStudentGroupsQueryOptions(useApiClient(), params));
}
