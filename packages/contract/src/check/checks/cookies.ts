// cookies: the session cookies sign-in sets (`token`, `XSRF-TOKEN`) are never SameSite=None and
// live no longer than the session. The session's length is what the checker is told
// (--session-hours, default 24: the portal's session is a day); a cookie's lifetime is its Max-Age,
// else its Expires less the answer's Date. A cookie without either ends with the browser and is
// only reported (the security table), as are the other flags.
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

/** What is wrong with the session cookies every sign-in of the run set, one line per cookie and flaw. */
function cookieProblems(run: CheckRun): string[] {
  const bound = run.options.sessionHours * 3600;
  const sentEverywhere = new Set<string>();
  const longest = new Map<string, { seconds: number; text: string }>();
  for (const { line, answeredAt } of run.actors.flatMap((a) => a.client.setCookies)) {
    const cookie = parseCookie(line);
    if (!SESSION_COOKIES.has(cookie.name)) continue;
    if (sameSiteOf(cookie).toLowerCase() === 'none') sentEverywhere.add(cookie.name);
    const seconds = lifetimeSeconds(cookie, answeredAt);
    if (
      seconds !== undefined &&
      seconds > bound &&
      seconds > (longest.get(cookie.name)?.seconds ?? 0)
    ) {
      longest.set(cookie.name, { seconds, text: lifetimeText(cookie) ?? '' });
    }
  }
  return [
    ...[...sentEverywhere].map(
      (name) => `${name} is set with SameSite=None: another site's requests carry it`,
    ),
    ...[...longest].map(
      ([name, { seconds, text }]) =>
        `${name} lives ${durationText(seconds)} (${text}), longer than the session (${durationText(bound)})`,
    ),
  ];
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
