// Area "passwd": changing the signed-in account's password. The new password works at the next
// login (auth/orize.json reads Account.password) and POST /__mock/reset restores the seeded one.
// A change ends the account's other sessions (they answer 401); the one that changed it goes on.
import { createRouter, getBody, getSession, type AppContext } from '../http.js';
import { endOtherSessions, whoIs } from '../world/core/sessions.js';
import type { RouteDeps } from './route-deps.js';

const WRONG_OLD_PASSWORD = 'Неверный старый пароль';

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
    const { password, newPassword } = getBody<'passwdReset'>(c);
    const session = getSession(c);
    // uid and role have named the session's own account (x-owner, src/ownership.ts)
    const { account } = whoIs(store, session);
    if (password !== account.password) return outcome(c, false);
    account.password = newPassword;
    endOtherSessions(store, account.login, session);
    return outcome(c, true);
  });
