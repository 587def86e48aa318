import type { LmsClient } from '@lms/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import { authenticate, sessionUserQuery } from './authenticate';

export function getSessionUserQueryOptions(client: LmsClient) {
  return queryOptions({ ...sessionUserQuery, queryFn: () => authenticate(client) });
}

/** The signed-in user, for the shell (whose guard has put it in the cache already). */
export function useSessionUser() {
  const client = useApiClient();
  return useQuery(getSessionUserQueryOptions(client));
}
