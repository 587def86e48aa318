import type { LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';
import type { UmkSemester } from './get-teacher-semesters';
import type { UmkStudentSemestersRequest } from './study-materials-keys';

const PATH = '/api/umk/semestersforstud';
const NONE: UmkSemester[] = [];

/** POST /api/umk/semestersforstud: the semesters the student has studied; `null` until the group is known. */
export function getStudentSemestersQueryOptions(
  client: LmsClient,
  params: UmkStudentSemestersRequest | null,
) {
  return referenceQuery(PATH, params, (body) => client.post(PATH, { body }), NONE);
}

export function useStudentSemesters(params: UmkStudentSemestersRequest | null) {
  return useQuery(getStudentSemestersQueryOptions(useApiClient(), params));
}
