import type { LmsClient } from '@lms/client';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { getSessionUserQueryOptions } from '../features/session/api/authenticate';
import { sessionKeys } from '../features/session/api/session-keys';
import type { LoginLoaderData } from '../features/session/components/login-page';
import { loginErrorKey } from '../features/session/utils/login-error';
import { isPortalUser, type User } from '../features/session/utils/roles';
import { isOnline } from '../lib/online-status';
import { hasTokenCookie } from '../lib/session-cookies';

export interface LoaderDeps {
  queryClient: QueryClient;
  client: LmsClient;
}

/** `/` goes to the portal when the browser is online, otherwise to the offline page (section 2). */
export function rootRedirectLoader() {
  return redirect(isOnline() ? '/lms' : '/lms/offline');
}

function cachedUser(queryClient: QueryClient): User | null | undefined {
  return queryClient.getQueryData(sessionKeys.user());
}

/**
 * The shell needs a teacher or a student. Section 4: with no user and no `token` cookie, go to
 * the login screen; with the cookie, authenticate by it first.
 */
export function createShellLoader({ queryClient, client }: LoaderDeps) {
  return async () => {
    if (isPortalUser(cachedUser(queryClient))) return null;
    if (!hasTokenCookie()) throw redirect('/lms/login');
    try {
      const user = await queryClient.fetchQuery(getSessionUserQueryOptions(client));
      if (isPortalUser(user)) return null;
    } catch {
      // The login screen explains the failure (its loader sees the failed query).
    }
    throw redirect('/lms/login');
  };
}

/**
 * The login screen: a signed-in user goes straight to /lms; a `token` cookie is tried once
 * (section 4), and if it brings no user the screen says why.
 */
export function createLoginLoader({ queryClient, client }: LoaderDeps) {
  return async (): Promise<LoginLoaderData | Response> => {
    if (isPortalUser(cachedUser(queryClient))) return redirect('/lms');
    if (!hasTokenCookie()) return { notice: null };
    const previous = queryClient.getQueryState(sessionKeys.user());
    if (previous?.status === 'error') {
      return { notice: loginErrorKey({ error: previous.error, tokenPresent: true }) };
    }
    try {
      const user = await queryClient.fetchQuery(getSessionUserQueryOptions(client));
      if (isPortalUser(user)) return redirect('/lms');
      return { notice: user ? 'roleRefused' : loginErrorKey({ tokenPresent: true }) };
    } catch (error) {
      return { notice: loginErrorKey({ error, tokenPresent: true }) };
    }
  };
}
