// cookies: the session cookies sign-in sets (`token`, `XSRF-TOKEN`) are never SameSite=None and
// live no longer than the session. The session's length is what the checker is told
// (--session-hours, default 24: the portal's session is a day); a cookie's lifetime is its Max-Age,
// else its Expires less the answer's Date. A cookie without either ends with the browser and is
// only reported (the posture table), as are the other flags.
import type { CheckDefinition } from '../definition.js';
import {
  durationText,
  lifetimeSeconds,
  lifetimeText,
  parseCookie,
  sameSiteOf,
} from '../lib/cookies.js';
import { XSRF_COOKIE } from '../lib/http.js';
import type { CheckRun } from '../run.js';
import { TOKEN_COOKIE } from '../sign-in.js';

const SESSION_COOKIES = new Set([TOKEN_COOKIE, XSRF_COOKIE]);

/** What is wrong with each session cookie every sign-in of the run set, in words. */
function cookieProblems(run: CheckRun): string[] {
  const bound = run.options.sessionHours * 3600;
  const problems = new Set<string>();
  for (const { line, answeredAt } of run.actors.flatMap((a) => a.client.setCookies)) {
    const cookie = parseCookie(line);
    if (!SESSION_COOKIES.has(cookie.name)) continue;
    if (sameSiteOf(cookie).toLowerCase() === 'none') {
      problems.add(`${cookie.name} is set with SameSite=None: another site's requests carry it`);
    }
    const lifetime = lifetimeSeconds(cookie, answeredAt);
    if (lifetime !== undefined && lifetime > bound) {
      problems.add(
        `${cookie.name} lives ${durationText(lifetime)} (${lifetimeText(cookie)}), longer than the ${durationText(bound)} session`,
      );
    }
  }
  return [...problems];
}

export const cookies: CheckDefinition<'cookies'> = {
  name: 'cookies',
  label: 'cookies',
  meaning:
    'the session cookies sign-in sets (token, XSRF-TOKEN) are not SameSite=None and live no longer than the session: Max-Age (else Expires less the answer’s Date) at most --session-hours, default 24',
  appliesTo: (op) => op.operationId === 'authorize',
  exercisedByWrites: false,
  sweep: async (run) => {
    const op = run.op('authorize');
    const problems = cookieProblems(run);
    if (problems.length > 0) run.fail(op, 'cookies', problems.join('; '));
    else run.pass(op, 'cookies');
  },
};
