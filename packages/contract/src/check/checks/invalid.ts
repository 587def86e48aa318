// invalid: an invalid request (a required field missing, a wrong type, no required query
// parameter) gets a 4xx and a failing envelope. Its sweep sends one to sign-in, to authenticate
// and to every operation that takes input; writes only when the run may write, and only with the
// checking accounts' own ids, so a server that wrongly takes one changes nothing of anyone else's.
import { operations, type Operation } from '../../index.js';
import type { CheckDefinition } from '../definition.js';
import { invalidBody, validBody } from '../lib/data.js';
import type { CallOptions } from '../lib/http.js';
import { ROLE_TEACHER } from '../lib/roles.js';
import { allowedActor } from '../read-requests.js';
import type { CheckRun } from '../run.js';
import { signIn } from '../sign-in.js';

const takesInput = (op: Operation) => Boolean(op.requestBody) || op.query.some((p) => p.required);

async function publicInvalids(run: CheckRun) {
  const teacher = run.main(ROLE_TEACHER);
  const authorize = run.op('authorize');
  const missing = await run.call(
    run.newClient(),
    authorize,
    { body: { login: teacher.credentials.login } },
    'sign in without a password',
  );
  run.expectRefusal(authorize, 'invalid', missing, [400], 'sign in without a password');
  const authenticate = run.op('authenticate');
  const bad = await run.call(
    run.newClient(),
    authenticate,
    { body: {} },
    'authenticate without a token',
  );
  run.expectRefusal(authenticate, 'invalid', bad, [400], 'authenticate without a token');
}

async function invalids(run: CheckRun) {
  for (const op of operations) {
    if (op.isPublic || !takesInput(op)) continue;
    if (op.isWrite && run.options.readOnly) continue;
    const actor = allowedActor(run, op);
    // passwd: an invalid request that a broken server took would still set the same password
    if (op.operationId === 'passwdReset') {
      const body = {
        uid: actor.person.uid,
        role: actor.role,
        newPassword: actor.credentials.password,
      };
      const answer = await run.call(actor.client, op, { body }, 'invalid request (no password)');
      run.expectRefusal(op, 'invalid', answer, [400], 'a request without the old password');
      continue;
    }
    // a session of its own: a server that wrongly took it would sign out only that one
    if (op.operationId === 'logout') {
      const extra = await signIn(run, actor.key, actor.role, actor.credentials);
      const answer = await run.call(
        extra.client,
        op,
        { body: { logout: 'yes' } },
        'invalid request',
      );
      run.expectRefusal(op, 'invalid', answer, [400], 'logout with a wrong field type');
      continue;
    }
    let options: CallOptions;
    if (op.method === 'GET') {
      options = { query: {} };
    } else if (op.requestBody?.content['application/json']) {
      const accepted = run.accepted.get(op.operationId)?.get(actor.key)?.body;
      const valid = (accepted ?? validBody(op, actor.person, actor.facts)) as
        Record<string, unknown> | undefined;
      options = { body: invalidBody(op, valid) };
    } else {
      options = { form: new FormData() };
    }
    const answer = await run.call(actor.client, op, options, 'invalid request');
    run.expectRefusal(op, 'invalid', answer, [400, 413, 422], 'an invalid request');
  }
}

export const invalid: CheckDefinition<'invalid'> = {
  name: 'invalid',
  label: 'invalid',
  meaning:
    'an invalid request (a required field missing, a wrong type, no required query parameter) gets a 4xx and {result: truthy, data: null}',
  appliesTo: takesInput,
  exercisedByWrites: false,
  sweep: async (run) => {
    await publicInvalids(run);
    await invalids(run);
  },
};
