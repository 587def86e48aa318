import type { LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../api-client';
import type { AcademicYear } from './current-year';
import { referenceQuery } from './keys';

const PATH = '/api/misc/defaultyear';

export interface DefaultYearParams {
  uid: number;
}

/**
 * POST /api/misc/defaultyear, once after the user loads; the year pickers start on
 * its answer. `null` params: nobody is signed in yet.
 */
export function getDefaultYearQueryOptions(client: LmsClient, params: DefaultYearParams | null) {
  return referenceQuery(
    PATH,
    params,
    (body) => client.post(PATH, { body }),
    null as AcademicYear | null,
    Infinity,
  );
}

export function useDefaultYear(params: DefaultYearParams | null) {
  return useQuery(getDefaultYearQueryOptions(useApiClient(), params));
}
