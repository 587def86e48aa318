import type { LmsClient } from '@lms/client';
import { authenticate, sessionUserQuery } from '../features/session/api/authenticate';
import { getLogo } from '../features/session/api/get-logo';
import type { LoginScreenData } from '../features/session/components/login-page';
import { loginErrorKey, type LoginErrorKey } from '../features/session/utils/login-error';
import { isPortalUser, type PortalUser, type User } from '../lib/session/roles';
import type { LazyQueryClient } from '../lib/query/lazy-query-client';
import { pendingReturn } from '../lib/session/return-path';
import { clearTokenCookie, hasTokenCookie } from '../lib/session/session-cookies';
import { sessionReconnecting } from '../lib/session/session-status';
import { isDefiniteRefusal } from '../features/session/utils/session-refusal';
import { forgetUser, storedUser } from '../features/session/utils/stored-user';
import { loadShellChunk } from './load-shell-chunk';

export interface SessionDeps {
  client: LmsClient;
  /** TanStack Query's cache; it loads with the shell, not with the login screen. */
  queryClient: LazyQueryClient;
}

/**
 * What a guard decides: at once when it needs no request (a signed-in user, or no `token`
 * cookie), so the page does not flash a placeholder; otherwise once the server has answered.
 */
export type Decision<T> = T | Promise<T>;

export function cachedUser({ queryClient }: SessionDeps): User | null | undefined {
  return queryClient.current?.getQueryData<User | null>(sessionUserQuery.queryKey);
}

/**
 * Authentication by the `token` cookie, kept in TanStack Query as the session user.
 * Before the cache has loaded nothing can be in it, so the request starts at once rather than
 * after the cache's chunk; once the cache is there, it answers (one attempt, not one per screen).
 */
async function fetchSessionUser({ client, queryClient }: SessionDeps): Promise<User | null> {
  // The page's start may have asked already, and loaded the cache since: its answer is this one.
  const early = queryClient.current ? takeStarted(client) : earlyAuthentication(client);
  const cache = await queryClient.load();
  return cache.fetchQuery({ ...sessionUserQuery, queryFn: () => early ?? authenticate(client) });
}

/** Requests made before the cache exists, shared by guards that ask at the same moment. */
const inFlight = new WeakMap<LmsClient, Promise<User | null>>();
/** The request the page's start made, for the first guard to take. */
const started = new WeakMap<LmsClient, Promise<User | null>>();

/**
 * Starts the authentication by the `token` cookie as the page starts, before the translations and
 * the first render: the first screen waits for its answer, so it goes out first. The first guard
 * that asks takes it instead of asking again. Resolves to whom the shell will open for, as
 * `canEnterShell` decides it (the stored user when the server cannot be asked); null without a
 * cookie to ask about.
 */
export function startAuthentication(client: LmsClient): Promise<PortalUser | null> | null {
  if (!hasTokenCookie() || started.has(client) || inFlight.has(client)) return null;
  const request = authenticate(client);
  request.catch(() => undefined); // handled by the guard that takes it
  started.set(client, request);
  return request.then(
    (user) => (isPortalUser(user) ? user : null),
    (error: unknown) => {
      if (isDefiniteRefusal(error)) return null;
      return storedUser();
    },
  );
}

/** The page's start's request, taken once. */
function takeStarted(client: LmsClient): Promise<User | null> | undefined {
  const begun = started.get(client);
  started.delete(client);
  return begun;
}

function earlyAuthentication(client: LmsClient): Promise<User | null> {
  let request = inFlight.get(client);
  if (!request) {
    request = (takeStarted(client) ?? authenticate(client)).finally(() => inFlight.delete(client));
    request.catch(() => undefined); // handled by fetchQuery
    inFlight.set(client, request);
  }
  return request;
}

/**
 * May the shell open? It needs a teacher or a student. With no user and no `token`
 * cookie, no (the login screen); with the cookie, authenticate by it first. A failure is a no:
 * the login screen explains it (it sees the failed query).
 */
export function canEnterShell(deps: SessionDeps): Decision<boolean> {
  if (isPortalUser(cachedUser(deps))) return true;
  if (!hasTokenCookie()) return false;
  return fetchSessionUser(deps).then(isPortalUser, (error: unknown) => {
    if (isDefiniteRefusal(error)) {
      endStaleSession();
      return false;
    }
    // The server could not be asked: open on the stored session and keep asking (the shell).
    const stored = storedUser();
    if (!stored) return false;
    deps.queryClient.current?.setQueryData(sessionUserQuery.queryKey, stored);
    sessionReconnecting.value = true;
    return true;
  });
}

/**
 * A token the server refused is dropped, so the next failed login is a wrong password; the data
 * kept for offline use goes with it (loaded on demand: not part of the login screen).
 */
function endStaleSession(): void {
  clearTokenCookie();
  forgetUser();
  void loadShellChunk()
    .then((shellChunk) => shellChunk.forgetOfflineData())
    .catch(() => undefined);
}

/**
 * The login screen: a signed-in user goes straight to the shell ('shell'); a `token` cookie is
 * tried once, and if it brings no user the screen says why. The logo request starts
 * here, once the screen is sure to show, and the screen fills it in when it arrives.
 */
export function loginScreen(deps: SessionDeps): Decision<LoginScreenData | 'shell'> {
  if (isPortalUser(cachedUser(deps))) return 'shell';
  const screen = (notice: LoginErrorKey | null): LoginScreenData => ({
    notice,
    logo: getLogo(deps.client),
  });
  const previous = deps.queryClient.current?.getQueryState(sessionUserQuery.queryKey);
  // The shell's guard asked already: a refused token (now dropped) still gets its words.
  if (previous?.status === 'error' && (hasTokenCookie() || isDefiniteRefusal(previous.error))) {
    return screen(loginErrorKey({ error: previous.error, tokenPresent: true }));
  }
  // A session that ended under the person's hands: they are told, and sent back after signing in.
  if (!hasTokenCookie()) return screen(pendingReturn() ? 'sessionEnded' : null);
  return fetchSessionUser(deps).then(
    (user) => {
      if (isPortalUser(user)) return 'shell';
      return screen(user ? 'roleRefused' : loginErrorKey({ tokenPresent: true }));
    },
    (error: unknown) => {
      if (isDefiniteRefusal(error)) endStaleSession();
      return screen(loginErrorKey({ error, tokenPresent: true }));
    },
  );
}
