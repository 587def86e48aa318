// xsrf-missing: a write without the X-XSRF-TOKEN header answers 403, and a read afterwards shows
// nothing changed. Sent by each write scenario before its write.
import type { CheckDefinition } from '../definition.js';

export const xsrfMissing: CheckDefinition<'xsrf-missing'> = {
  name: 'xsrf-missing',
  label: 'xsrf∅',
  meaning: 'a write without X-XSRF-TOKEN answers 403, and a read afterwards shows nothing changed',
  appliesTo: (op) => op.isWrite,
  exercisedByWrites: true,
  refuseWrite: async (run, { op, actor, request }) => {
    const refused = await run.call(
      actor.client,
      op,
      { ...request, xsrf: 'missing' },
      'write with the XSRF header missing',
    );
    run.expectRefusal(
      op,
      'xsrf-missing',
      refused,
      [403],
      'a write without the X-XSRF-TOKEN header',
    );
    return true;
  },
};
