// What the two XSRF checks share: the write sent again with the header missing or wrong, which
// must be refused with 403 and a failing envelope before the scenario sends it for real.
import type { CheckDefinition } from './definition.js';

type XsrfCheck = 'xsrf-missing' | 'xsrf-wrong';

export function xsrfRefusal<Name extends XsrfCheck>(check: {
  name: Name;
  label: string;
  meaning: string;
  /** How the header is spoiled. */
  xsrf: 'missing' | 'wrong';
}): CheckDefinition<Name> {
  return {
    name: check.name,
    label: check.label,
    meaning: check.meaning,
    appliesTo: (op) => op.isWrite,
    exercisedByWrites: true,
    refuseWrite: async (run, { op, actor, request }) => {
      const refused = await run.call(
        actor.client,
        op,
        { ...request, xsrf: check.xsrf },
        `write with the XSRF header ${check.xsrf}`,
      );
      run.expectRefusal(
        op,
        check.name,
        refused,
        [403],
        `a write with the X-XSRF-TOKEN header ${check.xsrf}`,
      );
      return true;
    },
  };
}
