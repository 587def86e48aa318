import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';

export type RegYear = components['schemas']['AcademicYear'];

const YEARS = '/api/regfordisciplines/getyears';

/** POST regfordisciplines/getyears: the years the student can look at, newest first. */
export function getRegYearsQueryOptions(client: LmsClient, uid: number) {
  return referenceQuery(YEARS, { uid }, (body) => client.post(YEARS, { body }), [] as RegYear[]);
}

export function useRegYears(uid: number) {
  return useQuery(getRegYearsQueryOptions(useApiClient(), uid));
}
