import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';

export type RegYear = components['schemas']['AcademicYear'];
export type RegSemester = components['schemas']['Semester'];
export type RegSemestersRequest = components['schemas']['RegSemestersRequest'];

const DEF_YEAR = '/api/regfordisciplines/getdefyear';
const YEARS = '/api/regfordisciplines/getyears';
const SEMESTERS = '/api/regfordisciplines/getsemesters';

/** POST regfordisciplines/getdefyear: the year registration runs for; the year picker starts on it. */
export function getRegDefYearQueryOptions(client: LmsClient, uid: number) {
  return referenceQuery(
    DEF_YEAR,
    { uid },
    (body) => client.post(DEF_YEAR, { body }),
    null as RegYear | null,
  );
}

export function useRegDefYear(uid: number) {
  return useQuery(getRegDefYearQueryOptions(useApiClient(), uid));
}

/** POST regfordisciplines/getyears: the years the student can look at, newest first. */
export function getRegYearsQueryOptions(client: LmsClient, uid: number) {
  return referenceQuery(YEARS, { uid }, (body) => client.post(YEARS, { body }), [] as RegYear[]);
}

export function useRegYears(uid: number) {
  return useQuery(getRegYearsQueryOptions(useApiClient(), uid));
}

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
