// no-session: the operation, called without a session, answers 401 and a failing envelope. Its
// sweep sends every read's valid request without cookies; before each write a scenario sends the
// write the same way, and nothing may change.
import type { Operation } from '../../index.js';
import type { CheckDefinition } from '../definition.js';
import type { CallOptions } from '../lib/http.js';
import { allowedRequest, readOperations } from '../read-requests.js';
import type { CheckRun } from '../run.js';

/** The same request without cookies: 401 and a failing envelope. */
async function expectNoSession(
  run: CheckRun,
  op: Operation,
  request: CallOptions,
  what: 'request' | 'write',
) {
  const answer = await run.call(
    run.newClient(),
    op,
    { ...request, cookies: false },
    `${what} without a session`,
  );
  run.expectRefusal(op, 'no-session', answer, [401], `a ${what} without a session`);
}

export const noSession: CheckDefinition<'no-session'> = {
  name: 'no-session',
  label: '401',
  meaning: 'the operation, called without a session, answers 401',
  appliesTo: (op) => !op.isPublic,
  exercisedByWrites: true,
  sweep: async (run) => {
    for (const op of readOperations()) {
      const { request } = await allowedRequest(run, op);
      await expectNoSession(run, op, request, 'request');
    }
  },
  refuseWrite: async (run, { op, request }) => {
    await expectNoSession(run, op, request, 'write');
    return true;
  },
};
