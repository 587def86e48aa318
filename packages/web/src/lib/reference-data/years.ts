import type { LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../api-client';
import type { AcademicYear } from './current-year';
import { referenceQuery } from './keys';

const PATH = '/api/misc/years';

/** POST /api/misc/years: every academic year, newest first (the year pickers' options). */
export function getYearsQueryOptions(client: LmsClient) {
  return referenceQuery(PATH, {}, (body) => client.post(PATH, { body }), [] as AcademicYear[]);
}

export function useYears() {
  return useQuery(getYearsQueryOptions(useApiClient()));
}
