import type { LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';
import type { RegYear } from './get-reg-years';

const DEF_YEAR = '/api/regfordisciplines/getdefyear';

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
