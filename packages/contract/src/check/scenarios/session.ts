// Sessions: the same password set again, and a second session signed out. Each ends the sessions
// the contract says it ends, and the session-end check replays their tokens.
import { expectSessionEnded } from '../checks/session-end.js';
import { ROLE_TEACHER } from '../lib/roles.js';
import { validBody } from '../lib/data.js';
import { isOk, type CheckRun } from '../run.js';
import { signIn, TOKEN_COOKIE } from '../sign-in.js';
import { Scenario, type Read } from './scenario.js';

/** A second session of the teacher's, and its token; null when it cannot sign in. */
async function secondSession(run: CheckRun, s: Scenario) {
  try {
    const extra = await signIn(run, s.teacher.key, s.teacher.role, s.teacher.credentials);
    const token = extra.client.cookies.get(TOKEN_COOKIE);
    return token ? { extra, token } : null;
  } catch {
    return null;
  }
}

export async function password(s: Scenario) {
  const { run } = s;
  const { person, credentials } = s.teacher;
  const op = run.op('passwdReset');
  // signed in before the change: must be ended by it
  const before = await secondSession(run, s);
  // the same password again: the account is as it was
  const body = {
    password: credentials.password,
    newPassword: credentials.password,
    uid: person.uid,
    role: person.role,
  };
  const signInWorks: Read = async () => {
    const answer = await run.call(
      run.newClient(),
      run.op('authorize'),
      { body: credentials },
      'sign in again',
    );
    return answer.status;
  };
  const changed = await s.write('passwdReset', ROLE_TEACHER, { body }, async () => null);
  if (!changed) return run.skip(op, 'session-end', 'the password was not changed');
  await s.shows('passwdReset', signInWorks, (status) => status === 200, 'the password working');
  if (!before) return run.skip(op, 'session-end', 'a second session could not sign in');
  await expectSessionEnded(run, 'passwdReset', s.teacher, before.token, {
    context: 'the token of a session signed in before the password change',
    failure: (status) =>
      `a session signed in before the password change still answers ${status} with its token (expected 401)`,
  });
  // the checker goes on as the teacher: a server that also ended the changing session is signed in again
  const profile = run.op('profileGetData');
  const still = await run.call(
    s.teacher.client,
    profile,
    { body: validBody(profile, s.teacher.person, s.teacher.facts) },
    'read with the session that changed the password',
  );
  if (!isOk(still)) {
    const again = await signIn(run, s.teacher.key, s.teacher.role, credentials);
    s.teacher.client.cookies.clear();
    for (const [name, value] of again.client.cookies) s.teacher.client.cookies.set(name, value);
  }
}

export async function logout(s: Scenario) {
  const { run } = s;
  const op = run.op('logout');
  // a second session of the teacher's, signed out; the checker's own session stays
  const second = await secondSession(run, s);
  if (!second) {
    s.skip('logout', 'a second session could not sign in');
    return;
  }
  const { extra, token } = second;
  const profile = run.op('profileGetData');
  const body = validBody(profile, s.teacher.person, s.teacher.facts);
  const session: Read = async () =>
    (await run.call(extra.client, profile, { body }, 'read with the second session')).status;
  const scenario = new Scenario(run, extra);
  const out = await scenario.write('logout', ROLE_TEACHER, { body: { logout: true } }, session);
  if (!out) return run.skip(op, 'session-end', 'the session was not signed out');
  await scenario.shows('logout', session, (status) => status === 401, 'the session ended (401)');
  await expectSessionEnded(run, 'logout', s.teacher, token, {
    context: 'the token of the signed-out session',
    failure: (status) =>
      `the signed-out session's token, sent again, answers ${status} (expected 401)`,
  });
}
