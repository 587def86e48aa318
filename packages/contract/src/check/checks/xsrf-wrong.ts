// xsrf-wrong: a write with a wrong X-XSRF-TOKEN (the session's own, one character longer) answers
// 403, and nothing changed. Sent by each write scenario before its write.
import type { CheckDefinition } from '../definition.js';

export const xsrfWrong: CheckDefinition<'xsrf-wrong'> = {
  name: 'xsrf-wrong',
  label: 'xsrf≠',
  meaning: 'a write with a wrong X-XSRF-TOKEN answers 403, and nothing changed',
  appliesTo: (op) => op.isWrite,
  exercisedByWrites: true,
  refuseWrite: async (run, { op, actor, request }) => {
    const refused = await run.call(
      actor.client,
      op,
      { ...request, xsrf: 'wrong' },
      'write with the XSRF header wrong',
    );
    run.expectRefusal(
      op,
      'xsrf-wrong',
      refused,
      [403],
      'a write with the X-XSRF-TOKEN header wrong',
    );
    return true;
  },
};
