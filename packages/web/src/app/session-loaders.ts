import type { LmsClient } from '@lms/client';
import { redirect } from 'react-router';
import { authenticate, sessionUserQuery } from '../features/session/api/authenticate';
import { getLogo } from '../features/session/api/get-logo';
import type { LoginLoaderData } from '../features/session/components/login-page';
import { loginErrorKey, type LoginErrorKey } from '../features/session/utils/login-error';
import { isPortalUser, type User } from '../features/session/utils/roles';
import type { LazyQueryClient } from '../lib/lazy-query-client';
import { isOnline } from '../lib/online-status';
import { hasTokenCookie } from '../lib/session-cookies';

export interface LoaderDeps {
  client: LmsClient;
  /** TanStack Query's cache; it loads with the shell, not with the login screen. */
  queryClient: LazyQueryClient;
}

/** `/` goes to the portal when the browser is online, otherwise to the offline page (section 2). */
export function rootRedirectLoader() {
  return redirect(isOnline() ? '/lms' : '/lms/offline');
}

function cachedUser({ queryClient }: LoaderDeps): User | null | undefined {
  return queryClient.current?.getQueryData<User | null>(sessionUserQuery.queryKey);
}

/**
 * Section 4's authentication by the `token` cookie, kept in TanStack Query as the session user.
 * Before the cache has loaded nothing can be in it, so the request starts at once rather than
 * after the cache's chunk; once the cache is there, it answers (one attempt, not one per screen).
 */
async function fetchSessionUser({ client, queryClient }: LoaderDeps): Promise<User | null> {
  const early = queryClient.current ? undefined : authenticate(client);
  early?.catch(() => undefined); // handled by fetchQuery below
  const cache = await queryClient.load();
  return cache.fetchQuery({ ...sessionUserQuery, queryFn: () => early ?? authenticate(client) });
}

/**
 * The shell needs a teacher or a student. Section 4: with no user and no `token` cookie, go to
 * the login screen; with the cookie, authenticate by it first.
 */
export function createShellLoader(deps: LoaderDeps) {
  return async () => {
    if (isPortalUser(cachedUser(deps))) return null;
    if (!hasTokenCookie()) throw redirect('/lms/login');
    try {
      const user = await fetchSessionUser(deps);
      if (isPortalUser(user)) return null;
    } catch {
      // The login screen explains the failure (its loader sees the failed query).
    }
    throw redirect('/lms/login');
  };
}

/**
 * The login screen: a signed-in user goes straight to /lms; a `token` cookie is tried once
 * (section 4), and if it brings no user the screen says why. The logo request starts here, once
 * the screen is sure to show, and the screen fills it in when it arrives.
 */
export function createLoginLoader(deps: LoaderDeps) {
  return async (): Promise<LoginLoaderData | Response> => {
    if (isPortalUser(cachedUser(deps))) return redirect('/lms');
    const screen = (notice: LoginErrorKey | null) => ({ notice, logo: getLogo(deps.client) });
    if (!hasTokenCookie()) return screen(null);
    const previous = deps.queryClient.current?.getQueryState(sessionUserQuery.queryKey);
    if (previous?.status === 'error') {
      return screen(loginErrorKey({ error: previous.error, tokenPresent: true }));
    }
    try {
      const user = await fetchSessionUser(deps);
      if (isPortalUser(user)) return redirect('/lms');
      return screen(user ? 'roleRefused' : loginErrorKey({ tokenPresent: true }));
    } catch (error) {
      return screen(loginErrorKey({ error, tokenPresent: true }));
    }
  };
}
