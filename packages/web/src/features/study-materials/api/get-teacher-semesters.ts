import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';

export type UmkSemester = components['schemas']['Semester'];

const PATH = '/api/umk/semesters';
const NONE: UmkSemester[] = [];

/** POST /api/umk/semesters: the study semesters (1..12) in which the teacher teaches. */
export function getTeacherSemestersQueryOptions(client: LmsClient, uid: number) {
  return referenceQuery(PATH, { uid }, (body) => client.post(PATH, { body }), NONE);
}

export function useTeacherSemesters(uid: number) {
  return useQuery(getTeacherSemestersQueryOptions(useApiClient(), uid));
}
