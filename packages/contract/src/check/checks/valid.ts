// valid: a valid request, as a role the operation allows, is answered 2xx. Its sweep asks the
// public operations and every read as each role it allows (a refusal is tried once more after the
// others ran, since a read may need what a later one answers); the write scenarios judge the
// writes. A read whose answer shows an assumed shape is asked a second time at once: the
// assumption report counts it only when both answers are the same data.
import type { Operation } from '../../index.js';
import type { CheckDefinition } from '../definition.js';
import { firstDifference } from '../lib/canonical.js';
import type { Answer, Client } from '../lib/http.js';
import { ROLE_TEACHER } from '../lib/roles.js';
import { readOperations, readRequest, type ReadRequest } from '../read-requests.js';
import { actorName, dataOf, errorOf, isOk, type CheckRun } from '../run.js';

async function publicReads(run: CheckRun) {
  for (const id of ['getConfig', 'getLogo']) {
    const op = run.op(id);
    const client = run.newClient();
    const answer = await run.call(client, op, {}, 'read without a session');
    if (isOk(answer)) run.pass(op, 'valid');
    else run.fail(op, 'valid', `answered ${answer.status}`);
    if (isOk(answer) && run.assumptions.feeds(op)) {
      await askTwice(run, client, 'without a session', op, {}, answer);
    }
  }
  const authenticate = run.op('authenticate');
  const teacher = run.main(ROLE_TEACHER);
  const token = teacher.client.cookies.get('token');
  const ok = await run.call(
    teacher.client,
    authenticate,
    { body: { token: token ? decodeURIComponent(token) : '' } },
    'authenticate with the session token',
  );
  if (ok.status === 200) run.pass(authenticate, 'valid');
  else
    run.fail(
      authenticate,
      'valid',
      `authenticate with the session's token answered ${ok.status} ${errorOf(ok)}`,
    );
}

/** The same read again, at once: whether it answers the same data (for the assumption report). */
async function askTwice(
  run: CheckRun,
  client: Client,
  who: string,
  op: Operation,
  request: ReadRequest,
  first: Answer,
) {
  const again = await run.call(client, op, request, `the same read again ${who}`);
  run.assumptions.repeated(
    op,
    again.status !== first.status
      ? `answered ${first.status}, then ${again.status}`
      : firstDifference(dataOf(first), dataOf(again), '/data'),
  );
}

async function reads(run: CheckRun) {
  const pending = new Set(readOperations().map((op) => op.operationId));
  const lastFailure = new Map<string, string>();
  for (let pass = 1; pass <= 2 && pending.size > 0; pass++) {
    for (const op of readOperations()) {
      if (!pending.has(op.operationId)) continue;
      if (pass === 1) run.reached(op.operationId);
      for (const actor of run.mains().filter((a) => !op.roles || op.roles.includes(a.role))) {
        const request = await readRequest(run, op, actor);
        const answer = await run.call(
          actor.client,
          op,
          request,
          `valid request as ${actorName(actor)}`,
        );
        if (isOk(answer)) {
          run.remember(actor, op, request, answer);
          run.assumptions.request(op, true);
          if (run.assumptions.feeds(op)) {
            await askTwice(run, actor.client, `as ${actorName(actor)}`, op, request, answer);
          }
          pending.delete(op.operationId);
        } else {
          lastFailure.set(
            op.operationId,
            `as ${actorName(actor)}: ${answer.status} ${errorOf(answer)}`.trim(),
          );
          if (pass === 2 && answer.status === 400)
            run.assumptions.request(op, false, errorOf(answer));
        }
      }
    }
  }
  for (const op of readOperations()) {
    if (pending.has(op.operationId))
      run.fail(
        op,
        'valid',
        `a valid request was refused ${lastFailure.get(op.operationId) ?? ''}`.trim(),
      );
    else run.pass(op, 'valid');
  }
}

export const valid: CheckDefinition<'valid'> = {
  name: 'valid',
  label: 'valid',
  meaning: 'a valid request, as a role the operation allows, is answered 2xx',
  appliesTo: () => true,
  exercisedByWrites: true,
  sweep: async (run) => {
    await publicReads(run);
    await reads(run);
  },
};
