// Sessions and XSRF, as the contract's `security` says: public operations (`security: []`) pass;
// every other one needs the `token` cookie of a live session (else 401, saying so when the
// session has expired); writes (a requirement naming xsrfHeader) also need X-XSRF-TOKEN equal to
// the session's XSRF-TOKEN cookie (else 403); an operation with `x-roles` answers 403 to every
// other role, before anything can change.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Operation } from '@lms/contract';
import { fail, type AppContext } from './http.js';
import { lookUpSession, whoIs } from './world/core/sessions.js';
import type { Store } from './world/core/store.js';

export const TOKEN_COOKIE = 'token';
export const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';
export const SESSION_EXPIRED = 'Unauthorized: the session has expired, sign in again';

/**
 * Tokens of Cookie headers seen lately. Reading a cookie is a pure function of the header, and a
 * client sends the same header on every request, so its token is read once rather than parsed
 * from the header each time. Bounded: at most MAX_REMEMBERED headers of at most
 * MAX_REMEMBERED_LENGTH characters each (the table starts over when full).
 */
const tokenOfHeader = new Map<string, string>();
const MAX_REMEMBERED = 256;
const MAX_REMEMBERED_LENGTH = 4096;

/** The request's `token` cookie, as getCookie reads it. */
function sessionToken(c: Context): string | undefined {
  const header = c.req.header('cookie');
  if (!header) return undefined;
  const known = tokenOfHeader.get(header);
  if (known !== undefined) return known;
  const token = getCookie(c, TOKEN_COOKIE);
  if (token !== undefined && header.length <= MAX_REMEMBERED_LENGTH) {
    if (tokenOfHeader.size >= MAX_REMEMBERED) tokenOfHeader.clear();
    tokenOfHeader.set(header, token);
  }
  return token;
}

/**
 * The answer refusing a request that the operation's security does not let through (401, or 403
 * for XSRF and roles); undefined when it passes, with the session set on the context.
 */
export function sessionRefusal(store: Store, c: AppContext, op: Operation): Response | undefined {
  if (op.isPublic) return undefined;
  const session = lookUpSession(store, sessionToken(c));
  if (session === 'expired') return fail(c, 401, SESSION_EXPIRED);
  if (!session) return fail(c, 401, 'Unauthorized');
  if (op.isWrite && c.req.header(XSRF_HEADER) !== session.xsrf) {
    return fail(c, 403, `Forbidden: missing or wrong ${XSRF_HEADER} header`);
  }
  if (op.roles && !op.roles.includes(whoIs(store, session).account.role)) {
    return fail(c, 403, `Forbidden: ${op.operationId} is not for this role`);
  }
  c.set('session', session);
  return undefined;
}
