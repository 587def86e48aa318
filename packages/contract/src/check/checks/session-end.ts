// session-end: the token of a signed-out session, and of a session signed in before a password
// change, sent again explicitly (not from a cookie jar the server's Set-Cookie emptied), answers
// 401. The session scenarios (logout, the password set to itself) end the sessions and call
// `expectSessionEnded`.
import type { CheckDefinition } from '../definition.js';
import { validBody } from '../lib/data.js';
import type { Actor, CheckRun } from '../run.js';
import { TOKEN_COOKIE } from '../sign-in.js';

// logout ends the session it was sent with; a password change every other session of the person
const SESSION_ENDING = new Set(['logout', 'passwdReset']);

/** A read sent with nothing but an ended session's token must answer 401. */
export async function expectSessionEnded(
  run: CheckRun,
  operationId: string,
  actor: Actor,
  token: string,
  words: { context: string; failure: (status: number) => string },
) {
  const op = run.op(operationId);
  const profile = run.op('profileGetData');
  const client = run.newClient();
  client.cookies.set(TOKEN_COOKIE, token);
  const body = validBody(profile, actor.person, actor.facts);
  const { status } = await run.call(client, profile, { body }, words.context);
  if (status === 401) run.pass(op, 'session-end');
  else run.fail(op, 'session-end', words.failure(status));
}

export const sessionEnd: CheckDefinition<'session-end'> = {
  name: 'session-end',
  label: 'ended',
  meaning:
    'the token of a signed-out session, and of a session signed in before a password change, sent again explicitly, answers 401',
  appliesTo: (op) => SESSION_ENDING.has(op.operationId),
  exercisedByWrites: true,
};
