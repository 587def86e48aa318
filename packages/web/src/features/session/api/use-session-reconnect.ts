import { useSignals } from '@preact/signals-react/runtime';
import type { LmsClient } from '@lms/client';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useApiClient } from '../../../lib/query/api-client';
import { sessionReconnecting } from '../../../lib/session/session-status';
import { endLocalSession } from '../utils/end-local-session';
import { isDefiniteRefusal } from '../utils/session-refusal';
import { authenticate, sessionUserQuery } from './authenticate';
import { sessionKeys } from './session-keys';

/** Waits between tries while the server cannot be reached: 1, 2, 4, 8, 16, then every 30 s. */
export const reconnectDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** Authentication again, retried with backoff until the server answers. */
export function getReconnectQueryOptions(client: LmsClient) {
  // The portal has one client; the key names the session, whose token is the cookie.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: sessionKeys.reconnect(),
    queryFn: () => authenticate(client),
    retry: (_count, error) => !isDefiniteRefusal(error),
    retryDelay: reconnectDelay,
    gcTime: 0,
    staleTime: 0,
  });
}

/**
 * While the portal runs on the stored session, asks the server again with backoff (paused while
 * the browser is offline, at once when it is back). Confirmed: the user is refreshed and the page
 * stays exactly as it is. Refused (401 or a failing envelope): the session ends as on logout.
 */
export function useSessionReconnect(): boolean {
  useSignals();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const reconnecting = sessionReconnecting.value;
  const check = useQuery({ ...getReconnectQueryOptions(client), enabled: reconnecting });
  useEffect(() => {
    if (!reconnecting) return;
    if (check.isSuccess) {
      queryClient.setQueryData(sessionUserQuery.queryKey, check.data);
      sessionReconnecting.value = false;
      // what failed while the server was away is asked again
      void queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
    } else if (check.isError && isDefiniteRefusal(check.error)) {
      sessionReconnecting.value = false;
      endLocalSession(queryClient);
      void navigate('/lms/login', { replace: true });
    }
  }, [
    reconnecting,
    check.isSuccess,
    check.isError,
    check.data,
    check.error,
    queryClient,
    navigate,
  ]);
  return reconnecting;
}
