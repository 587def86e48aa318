// owner: whose data each operation may touch (x-owner), held on any server. A person's request,
// sent by the second person of the role (or, without one, naming someone the server listed),
// answers 403 and changes nothing; an answer about the caller names no one else; an answer about
// a teacher's class (its journal, its students lists, the visit log of a date) lists only
// students of the class. Its sweep covers the reads; before each owned write a scenario sends the
// write as the second person of the writer's role (never with anyone else's ids).
import type { Operation } from '../../index.js';
import type { CheckDefinition } from '../definition.js';
import type { CallOptions, Client } from '../lib/http.js';
import { ownerAttempt } from '../owner/attempt.js';
import { someoneElseInAnswer } from '../owner/caller-answer.js';
import { classAnswers } from '../owner/class-answer.js';
import { readOperations } from '../read-requests.js';
import { actorName, type CheckRun } from '../run.js';

/** The rule names whose data by request fields or an owned item: a request can name another's. */
const ownerApplies = (op: Operation) =>
  op.owner !== undefined &&
  op.owner.whose !== 'anyone' &&
  (op.owner.by.length > 0 || op.owner.item !== undefined);

/** A request naming someone else's data: 403 and a failing envelope. */
async function expectOwnerRefused(
  run: CheckRun,
  op: Operation,
  client: Client,
  request: CallOptions,
  what: string,
) {
  const answer = await run.call(client, op, request, what);
  run.expectRefusal(op, 'owner', answer, [403], what);
}

/**
 * Each person-scoped read the teacher or the student had answered is sent again, unchanged, by
 * the second teacher or student (or naming someone listed), and must be refused; an answer about
 * the caller must name no one else.
 */
async function ownerReads(run: CheckRun) {
  for (const op of readOperations().filter(ownerApplies)) {
    let tried = false;
    for (const actor of run.mains()) {
      const request = run.accepted.get(op.operationId)?.get(actor.key);
      if (!request) continue;
      tried = true;
      if (op.owner?.whose === 'caller') {
        const data = run.answered.get(op.operationId)?.get(actor.key);
        const foreign = someoneElseInAnswer(op, request, data);
        if (foreign)
          run.fail(op, 'owner', `the answer to ${actorName(actor)} names someone else: ${foreign}`);
      }
      const attempt = ownerAttempt(run, op, actor, request);
      if ('skip' in attempt) run.skip(op, 'owner', attempt.skip);
      else await expectOwnerRefused(run, op, attempt.client, attempt.request, attempt.what);
    }
    if (!tried) run.skip(op, 'owner', 'no valid request to send as another person');
  }
}

export const owner: CheckDefinition<'owner'> = {
  name: 'owner',
  label: 'owner',
  meaning:
    'a person’s request, sent by the second person of the role (or, without one, naming someone the server listed), answers 403 and nothing changed; an answer about the caller names no one else; an answer about a teacher’s class (journal, students lists, visit log) lists no student outside the class',
  appliesTo: ownerApplies,
  exercisedByWrites: true,
  sweep: async (run) => {
    await ownerReads(run);
    await classAnswers(run);
  },
  refuseWrite: async (run, { op, actor, request }) => {
    const attempt = ownerAttempt(run, op, actor, request);
    if ('skip' in attempt) {
      run.skip(op, 'owner', attempt.skip);
      return false;
    }
    await expectOwnerRefused(run, op, attempt.client, attempt.request, attempt.what);
    return true;
  },
};
