import { isLmsError, type RawLmsClient } from '@lms/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useApiClient } from '../../../lib/query/api-client';
import { onOutboxSessionEnded } from '../../../lib/offline/outbox/outbox-session';
import { rememberReturn } from '../../../lib/session/return-path';
import { readTokenCookie } from '../../../lib/session/session-cookies';
import { isPortalUser, type User } from '../../../lib/session/roles';
import { onSignedOutElsewhere } from '../../../lib/session/session-tabs';
import { endLocalSession } from '../utils/end-local-session';
import { storedUser } from '../utils/stored-user';
import { sessionUserQuery } from './authenticate';

const isUnauthorized = (error: unknown) => isLmsError(error) && error.status === 401;

type Middleware = Parameters<RawLmsClient['use']>[0];

/**
 * A 401 met by any request of the signed-in user in the middle of a session means the server no
 * longer knows it (expired, or ended elsewhere): the local session ends as on logout and the login
 * page opens at once, instead of every screen showing its failed state or its writes waiting. The
 * login page says so, and signing in again returns to the screen the person was on (its draft and
 * the outboxes' waiting writes, kept on the device, come back with it).
 *
 * It is noticed wherever a request's answer is read: every answer the client reads (the queries,
 * and the calls made outside the cache, such as the chat's new-messages poller and the outboxes'
 * reads), the failed queries and mutations (an upload's 401), and an outbox's write; and a
 * sign-out in another tab of the browser ends it here at once.
 */
export function useExpiredSessionRedirect(): void {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  useEffect(() => {
    here.current = location.pathname + location.search + location.hash;
  }, [location]);
  useEffect(() => {
    let ended = false;
    // The session this tab runs on, as its cookie names it (when the cookie is script-visible).
    const sessionToken = readTokenCookie();
    const end = () => {
      if (ended) return;
      ended = true;
      // Whose screen it was is this tab's own session user: the user kept in storage is shared
      // by every tab, and a sign-out in another tab has cleared it by the time this tab hears.
      const cached = queryClient.getQueryData<User | null>(sessionUserQuery.queryKey);
      const user = isPortalUser(cached) ? cached : storedUser();
      if (user) rememberReturn(here.current, user);
      const current = readTokenCookie();
      if (sessionToken && current && current !== sessionToken) {
        // A refusal of this tab's old session, met after a sign-in in another tab: the cookie and
        // the device's data are the new session's and stay; this tab forgets what it showed and
        // takes up the new session as a new page would (the login page goes on to the portal).
        queryClient.clear();
      } else {
        endLocalSession(queryClient);
      }
      void navigate('/lms/login', { replace: true });
    };
    const onError = (error: unknown) => {
      if (isUnauthorized(error)) end();
    };
    const answers: Middleware = {
      onResponse({ response }) {
        if (response.status === 401) end();
      },
    };
    client.raw.use(answers);
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error);
    });
    const stopOutboxes = onOutboxSessionEnded(end);
    const stopTabs = onSignedOutElsewhere(end);
    return () => {
      client.raw.eject(answers);
      stopQueries();
      stopMutations();
      stopOutboxes();
      stopTabs();
    };
  }, [client, queryClient, navigate]);
}
