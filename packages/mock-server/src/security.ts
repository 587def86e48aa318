// Sessions and XSRF, as the contract's `security` says: public operations (`security: []`) pass;
// every other one needs the `token` cookie of a live session (else 401, saying so when the
// session has expired); writes (a requirement naming xsrfHeader) also need X-XSRF-TOKEN equal to
// the session's XSRF-TOKEN cookie (else 403); an operation with `x-roles` answers 403 to every
// other role, before anything can change.
import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { fail, type AppEnv } from './http.js';
import { lookUpSession, whoIs } from './world/sessions.js';
import type { Store } from './world/store.js';

export const TOKEN_COOKIE = 'token';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
export const SESSION_EXPIRED = 'Unauthorized: the session has expired, sign in again';

export function requireSession(store: Store): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const op = c.get('operation');
    if (!op || op.isPublic) return next();
    const session = lookUpSession(store, getCookie(c, TOKEN_COOKIE));
    if (session === 'expired') return fail(c, 401, SESSION_EXPIRED);
    if (!session) return fail(c, 401, 'Unauthorized');
    if (op.isWrite && c.req.header(XSRF_HEADER) !== session.xsrf) {
      return fail(c, 403, `Forbidden: missing or wrong ${XSRF_HEADER} header`);
    }
    if (op.roles && !op.roles.includes(whoIs(store, session).account.role)) {
      return fail(c, 403, `Forbidden: ${op.operationId} is not for this role`);
    }
    c.set('session', session);
    return next();
  };
}
