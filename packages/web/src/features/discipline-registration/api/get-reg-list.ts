import type { components, LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { disciplineRegistrationKeys, type RegListRequest } from './discipline-registration-keys';

export type RegRow = components['schemas']['RegRow'];

/** POST regfordisciplines/getreglist: plan rows, then electives; `null` until the period is chosen. */
export function getRegListQueryOptions(client: LmsClient, params: RegListRequest | null) {
  return queryOptions({
    queryKey: disciplineRegistrationKeys.list(params ?? {}),
    queryFn: params
      ? async (): Promise<RegRow[]> =>
          (await client.post('/api/regfordisciplines/getreglist', { body: params })) ?? []
      : skipToken,
  });
}

export function useRegList(params: RegListRequest | null) {
  return useQuery(getRegListQueryOptions(useApiClient(), params));
}
