import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';
import type { RegSemestersRequest } from './discipline-registration-keys';

export type RegSemester = components['schemas']['Semester'];

const SEMESTERS = '/api/regfordisciplines/getsemesters';

/** POST regfordisciplines/getsemesters: the group's semesters in a year; `null` until both are known. */
export function getRegSemestersQueryOptions(client: LmsClient, params: RegSemestersRequest | null) {
  return referenceQuery(
    SEMESTERS,
    params,
    (body) => client.post(SEMESTERS, { body }),
    [] as RegSemester[],
  );
}

export function useRegSemesters(params: RegSemestersRequest | null) {
  return useQuery(getRegSemestersQueryOptions(useApiClient(), params));
}
