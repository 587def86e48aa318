// The security table: how the server's session cookies are flagged, which security headers the
// portal's pages carry, and how it meets what a careful server refuses (an undeclared method, a
// slow client, a body far wider than allowed: probes/), reported as seen (good, weak, missing). It
// passes or fails nothing itself: the cookies check fails a session cookie set with SameSite=None
// or living past the session.
import {
  lifetimeSeconds,
  lifetimeText,
  parseCookie,
  sameSiteOf,
  type SetCookie,
} from './lib/cookies.js';
import { bodyKeysProbe } from './probes/body-keys.js';
import { methodProbe } from './probes/method.js';
import type { CheckRun, SecurityLine } from './run.js';

const verdict = (good: boolean, weak = false): SecurityLine['verdict'] =>
  good ? 'good' : weak ? 'weak' : 'missing';

/** The flags of each cookie the server set while signing in. */
function cookieLines(
  setCookies: readonly SetCookie[],
  https: boolean,
  sessionSeconds: number,
): SecurityLine[] {
  const out: SecurityLine[] = [];
  const seen = new Set<string>();
  for (const { line, answeredAt } of setCookies) {
    const cookie = parseCookie(line);
    if (!cookie.name || seen.has(cookie.name)) continue;
    seen.add(cookie.name);
    const secure = cookie.attributes.has('secure');
    const sameSite = sameSiteOf(cookie);
    const subject = `cookie ${cookie.name}`;
    out.push({
      subject,
      property: 'Secure',
      value: secure ? 'yes' : 'no',
      verdict: https ? verdict(secure) : 'n/a',
    });
    out.push({
      subject,
      property: 'SameSite',
      value: sameSite || '(not set)',
      verdict: /^(strict|lax)$/i.test(sameSite) ? 'good' : sameSite ? 'weak' : 'missing',
    });
    // the portal reads both cookies (HttpOnly would break it); a lifetime within the session is the guard
    const lifetime = lifetimeSeconds(cookie, answeredAt);
    out.push({
      subject,
      property: 'Max-Age/Expires',
      value: lifetimeText(cookie) ?? '(session cookie)',
      verdict: lifetime === undefined || lifetime > sessionSeconds ? 'weak' : 'good',
    });
  }
  return out;
}

/** The security headers of one page. */
function headerLines(subject: string, headers: Headers, https: boolean): SecurityLine[] {
  const csp = headers.get('content-security-policy') ?? '';
  const frameAncestors = /frame-ancestors\s+([^;]+)/i.exec(csp)?.[1]?.trim() ?? '';
  const frameOptions = headers.get('x-frame-options') ?? '';
  const hsts = headers.get('strict-transport-security') ?? '';
  const nosniff = headers.get('x-content-type-options') ?? '';
  return [
    {
      subject,
      property: 'Content-Security-Policy',
      value: csp ? `${csp.slice(0, 60)}${csp.length > 60 ? '…' : ''}` : '(none)',
      verdict: verdict(Boolean(csp) && !/unsafe-inline|unsafe-eval/.test(csp), Boolean(csp)),
    },
    {
      subject,
      property: 'frame-ancestors',
      value: frameAncestors || (frameOptions ? `X-Frame-Options ${frameOptions}` : '(none)'),
      verdict: verdict(
        /^'none'$|^'self'$/.test(frameAncestors) || /^(deny|sameorigin)$/i.test(frameOptions),
        Boolean(frameAncestors),
      ),
    },
    {
      subject,
      property: 'X-Content-Type-Options',
      value: nosniff || '(none)',
      verdict: verdict(nosniff.toLowerCase() === 'nosniff'),
    },
    {
      subject,
      property: 'Strict-Transport-Security',
      value: hsts || '(none)',
      verdict: https ? verdict(/max-age=\d{6,}/.test(hsts), Boolean(hsts)) : 'n/a',
    },
  ];
}

/** The security headers of the portal's first page and its login page (as served, or why not). */
async function pageLines(run: CheckRun, portal: string, https: boolean): Promise<SecurityLine[]> {
  const lines: SecurityLine[] = [];
  for (const page of [
    portal,
    new URL('login', portal.endsWith('/') ? portal : `${portal}/`).href,
  ]) {
    run.budget.take();
    try {
      const response = await fetch(page, {
        redirect: 'manual',
        signal: AbortSignal.timeout(run.budget.limits.timeoutMs),
      });
      await response.arrayBuffer();
      if (response.status >= 400) {
        lines.push({
          subject: `page ${page}`,
          property: 'served',
          value: String(response.status),
          verdict: 'n/a',
        });
        continue;
      }
      lines.push(...headerLines(`page ${page}`, response.headers, https));
    } catch (error) {
      lines.push({
        subject: `page ${page}`,
        property: 'served',
        value: error instanceof Error ? error.message : String(error),
        verdict: 'n/a',
      });
    }
  }
  return lines;
}

/**
 * Fills the run's security table: the sign-in cookies, the portal's pages, and how the server meets
 * a method a path does not take (probes/method.ts) and a body far wider than its operation allows
 * (probes/body-keys.ts), probed side by side. The slow-client row (probes/slow-client.ts) is
 * added when that probe, started with the run, ends.
 */
export async function fillSecurityTable(run: CheckRun, portal: string) {
  const https = new URL(run.options.target).protocol === 'https:';
  const cookies = cookieLines(
    run.main(1).client.setCookies,
    https,
    run.options.sessionHours * 3600,
  );
  const [pages, method, bodyKeys] = await Promise.all([
    pageLines(run, portal, https),
    methodProbe(run),
    bodyKeysProbe(run),
  ]);
  run.security = [...cookies, ...pages, method, bodyKeys];
}
