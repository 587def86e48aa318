// A request body wider than its operation allows is refused (400, or 413) before the server does
// any work on it: every object of a request body declares maxProperties. Probed on the public
// sign-in alone, as a throwaway login no account has (never a checking account's, so no real
// account's failed logins are counted or its sign-ins held): first a small refused sign-in (the
// login without its password) for the server's usual time to refuse, then the whole sign-in with
// 60,000 unknown keys (about 660 KB). Good when the wide one is refused as a body (400, 413, 422)
// in about the small one's time; weak when it is taken (2xx), read as a sign-in (401, 403, 429:
// the login was looked at), answered with anything else, not answered within the request timeout,
// or refused late: more than a second beyond the small one and more than ten times as long.
import type { CheckRun, SecurityLine } from '../run.js';
import { NO_ANSWER, sendProbe, type ProbeAnswer } from './send.js';

/** The login of the probe's sign-ins: no account's. */
const PROBE_LOGIN = 'contract-check-probe';
const UNKNOWN_KEYS = 60_000;
const REFUSED_AS_BODY = [400, 413, 422];
const READ_AS_SIGN_IN = [401, 403, 429];
/** How much longer than the small refusal the wide one may take, at least, before it is slow. */
const SLOW_EXTRA_MS = 1000;
const SLOW_FACTOR = 10;

/** The sign-in's JSON with `count` unknown keys after the login and password. */
function wideSignIn(count: number): string {
  const keys: string[] = [];
  for (let i = 0; i < count; i++) keys.push(`"k${i}":0`);
  const known = JSON.stringify({ login: PROBE_LOGIN, password: PROBE_LOGIN });
  return `${known.slice(0, -1)},${keys.join(',')}}`;
}

const timed = (answer: ProbeAnswer) => `${answer.status} in ${Math.round(answer.ms)} ms`;

export async function bodyKeysProbe(run: CheckRun): Promise<SecurityLine> {
  const { path } = run.op('authorize');
  const subject = `POST ${path} with ${UNKNOWN_KEYS.toLocaleString('en')} unknown keys`;
  const property = 'refused';
  const send = (body: string) =>
    sendProbe(run, path, { method: 'POST', body, contentType: 'application/json' });
  const small = await send(JSON.stringify({ login: PROBE_LOGIN }));
  const wide = await send(wideSignIn(UNKNOWN_KEYS));
  const against = 'error' in small ? '' : ` (a small refused sign-in: ${timed(small)})`;
  if ('error' in wide) {
    const late = wide.error === NO_ANSWER;
    return { subject, property, value: wide.error, verdict: late ? 'weak' : 'n/a' };
  }
  const value = `${timed(wide)}${against}`;
  if (REFUSED_AS_BODY.includes(wide.status)) {
    const slow =
      !('error' in small) && wide.ms > small.ms + SLOW_EXTRA_MS && wide.ms > small.ms * SLOW_FACTOR;
    return {
      subject,
      property,
      value: slow ? `${value}: slow` : value,
      verdict: slow ? 'weak' : 'good',
    };
  }
  const words =
    wide.status >= 200 && wide.status < 300
      ? 'taken'
      : READ_AS_SIGN_IN.includes(wide.status)
        ? 'read as a sign-in'
        : 'not refused as a body';
  return { subject, property, value: `${value}: ${words}`, verdict: 'weak' };
}
