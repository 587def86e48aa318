// Area "passwd": changing the signed-in account's password. The new password works at the next
// login (auth/orize.json reads Account.password) and POST /__mock/reset restores the seeded one.
import { createRouter, fail, getBody, getSession, type AppContext } from '../http.js';
import { whoIs } from '../world/sessions.js';
import type { RouteDeps } from './route-deps.js';

export const WRONG_OLD_PASSWORD = 'Неверный старый пароль';

/** The contract's outcome envelope: 200 in both cases, data true or false. */
const outcome = (c: AppContext, changed: boolean) =>
  c.json(
    changed
      ? { result: 0, error: null, data: true }
      : { result: 1, error: WRONG_OLD_PASSWORD, data: false },
    200,
  );

export const passwdRoutes = ({ store }: RouteDeps) =>
  createRouter().post('/api/passwd/reset.json', (c) => {
    const { password, newPassword, uid, role } = getBody<'passwdReset'>(c);
    const { account } = whoIs(store, getSession(c));
    // only one's own account: the body names it, the session must be it
    if (uid !== account.uid || role !== account.role) {
      return fail(c, 403, 'Forbidden: not your account');
    }
    if (password !== account.password) return outcome(c, false);
    account.password = newPassword;
    return outcome(c, true);
  });
