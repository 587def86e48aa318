// Area "session": configuration, logo, login (orize), token authentication (enticate), logout.
import { deleteCookie, setCookie } from 'hono/cookie';
import {
  clientAddress,
  createRouter,
  fail,
  getBody,
  getSession,
  okFor,
  once,
  sendJson,
  type AppContext,
} from '../http.js';
import { SESSION_EXPIRED, TOKEN_COOKIE, XSRF_COOKIE } from '../security.js';
import { accountsSlice, findPerson, toUser } from '../world/core/accounts.js';
import { loginWait, recordLoginFailure, recordLoginSuccess } from '../world/core/login-throttle.js';
import {
  endSession,
  lookUpSession,
  secondsLeft,
  startSession,
  whoIs,
  type Session,
} from '../world/core/sessions.js';
import type { RouteDeps } from './route-deps.js';

const PORTAL_NAME = 'Университетский портал LMS';
/** The portal name per interface language (Config.names). */
const PORTAL_NAMES = { kg: 'Университеттик LMS портал', en: 'University LMS portal' };
const UNIVERSITY_NAME = 'Кыргызский национальный университет';
const LOGO_PATH = '/api/logo.svg';

// Both cookies are readable by the portal's script: it keeps `token` for re-login after a reload
// and copies XSRF-TOKEN into the X-XSRF-TOKEN header. They expire when the session does (Max-Age
// for browsers, Expires for older clients), so a browser forgets them once the server would.
function setSessionCookies(c: AppContext, session: Session) {
  const expiry = { maxAge: secondsLeft(session), expires: new Date(session.expiresAt) };
  setCookie(c, TOKEN_COOKIE, session.token, { path: '/', sameSite: 'Lax', ...expiry });
  setCookie(c, XSRF_COOKIE, session.xsrf, { path: '/', sameSite: 'Lax', ...expiry });
}

/** The logo's description: constants, serialised once. */
const logo = once(() => ({ logo: LOGO_PATH, width: 30, name: UNIVERSITY_NAME, fontsize: 16 }));

export const sessionRoutes = ({ store, settings }: RouteDeps) => {
  // /config.json: an app's settings do not change while it runs, so it is serialised once per app.
  const config = once(() => ({
    name: PORTAL_NAME,
    names: PORTAL_NAMES,
    maxSizeMb: settings.maxSizeMb,
    apiBase: '/api',
    absenceWarningPercent: settings.absenceWarningPercent,
  }));
  return (
    createRouter()
      .get('/config.json', (c) => sendJson(c, config()))

      .get('/api/logo.json', (c) => sendJson(c, logo()))

      // Not an operation of the contract: the image logo.json points at.
      .get(LOGO_PATH, (c) => {
        c.header('Content-Type', 'image/svg+xml');
        c.header('Cache-Control', 'public, max-age=86400');
        return c.body(logoSvg);
      })

      // Throttled (world/core/login-throttle.ts): a login or address with too many recent failures
      // answers 429 before its password is looked at.
      .post('/api/auth/orize.json', (c) => {
        const { login, password } = getBody<'authorize'>(c);
        const attempt = { login, address: clientAddress(c, settings.trustProxy) };
        const wait = loginWait(store, attempt);
        if (wait > 0) {
          const seconds = Math.ceil(wait / 1000);
          c.header('Retry-After', String(seconds));
          return fail(c, 429, `Too many failed logins: try again in ${seconds} s`);
        }
        const account = store.get(accountsSlice).byLogin.get(login);
        const person = account && findPerson(store, account.role, account.personId);
        if (!account || !person || account.password !== password) {
          recordLoginFailure(store, attempt);
          return fail(c, 401, 'Invalid login or password');
        }
        recordLoginSuccess(store, attempt);
        const session = startSession(store, account, settings.sessionMs);
        setSessionCookies(c, session);
        return okFor<'authorize'>(c, toUser(store, person));
      })

      .post('/api/auth/enticate.json', (c) => {
        const session = lookUpSession(store, getBody<'authenticate'>(c).token);
        if (session === 'expired') return fail(c, 401, SESSION_EXPIRED);
        if (!session) return fail(c, 401, 'Unauthorized');
        setSessionCookies(c, session);
        return okFor<'authenticate'>(c, toUser(store, whoIs(store, session).person));
      })

      .post('/api/auth/logout.json', (c) => {
        endSession(store, getSession(c));
        deleteCookie(c, TOKEN_COOKIE, { path: '/' });
        deleteCookie(c, XSRF_COOKIE, { path: '/' });
        return okFor<'logout'>(c, true);
      })
  );
};

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120" role="img" aria-label="${UNIVERSITY_NAME}">
  <circle cx="60" cy="60" r="56" fill="#0b4f8a" stroke="#f2c230" stroke-width="6"/>
  <path d="M30 70 60 40l30 30v20H30z" fill="#f2c230"/>
  <path d="M52 90V72h16v18" fill="#0b4f8a"/>
  <text x="60" y="34" text-anchor="middle" font-family="sans-serif" font-size="14" font-weight="700" fill="#fff">КНУ</text>
</svg>
`;
