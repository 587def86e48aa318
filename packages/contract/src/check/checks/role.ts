// role: an operation limited by x-roles, called by the other role, answers 403 (for writes:
// nothing changed). Its sweep sends each such read's valid request as the other role; before each
// such write a scenario sends the write as the other role.
import type { Operation } from '../../index.js';
import type { CheckDefinition } from '../definition.js';
import type { CallOptions } from '../lib/http.js';
import { otherRole } from '../lib/roles.js';
import { allowedRequest, readOperations } from '../read-requests.js';
import { actorName, type Actor, type CheckRun } from '../run.js';

/** The same request by the role x-roles leaves out: 403 and a failing envelope. */
async function expectRoleRefused(
  run: CheckRun,
  op: Operation,
  other: Actor,
  request: CallOptions,
  what: string,
) {
  const name = actorName(other);
  const answer = await run.call(other.client, op, request, `${what} as ${name}`);
  run.expectRefusal(op, 'role', answer, [403], `${name}'s ${what}`);
}

export const role: CheckDefinition<'role'> = {
  name: 'role',
  label: 'role',
  meaning:
    'an operation limited by x-roles, called by the other role, answers 403 (for writes: nothing changed)',
  appliesTo: (op) => op.roles !== undefined,
  exercisedByWrites: true,
  sweep: async (run) => {
    for (const op of readOperations().filter((o) => o.roles)) {
      const { request } = await allowedRequest(run, op);
      const other = run.mains().find((a) => !op.roles!.includes(a.role));
      if (other) await expectRoleRefused(run, op, other, request, 'request');
    }
  },
  refuseWrite: async (run, { op, actor, request }) => {
    await expectRoleRefused(run, op, run.main(otherRole(actor.role)), request, 'write');
    return true;
  },
};
