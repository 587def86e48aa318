import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../query/api-client';
import { referenceQuery } from './keys';

export type AcademicYear = components['schemas']['AcademicYear'];

const PATH = '/api/discipline/current/year.json';

/**
 * GET /api/discipline/current/year.json: academic years, the current one first; the year of the
 * discipline, chat and schedule calls when the user has chosen none.
 */
export function getCurrentYearQueryOptions(client: LmsClient) {
  return referenceQuery(PATH, {}, () => client.get(PATH), [] as AcademicYear[]);
}

export function useCurrentYear() {
  return useQuery(getCurrentYearQueryOptions(useApiClient()));
}
