// The posture table: how the server's session cookies are flagged and which security headers the
// portal's pages carry. It reports what it sees (good, weak, missing); it passes or fails nothing.
import type { CheckRun, PostureLine } from './check-run.js';

const verdict = (good: boolean, weak = false): PostureLine['verdict'] =>
  good ? 'good' : weak ? 'weak' : 'missing';

/** The flags of each cookie the server set while signing in. */
function cookieLines(lines: readonly string[], https: boolean): PostureLine[] {
  const out: PostureLine[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const name = pair?.split('=')[0] ?? '';
    if (!name || seen.has(name)) continue;
    seen.add(name);
    const attribute = (key: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(key.toLowerCase()));
    const sameSite = attribute('SameSite')?.split('=')[1]?.trim() ?? '';
    const subject = `cookie ${name}`;
    out.push({
      subject,
      property: 'Secure',
      value: attribute('Secure') ? 'yes' : 'no',
      verdict: https ? verdict(Boolean(attribute('Secure'))) : 'n/a',
    });
    out.push({
      subject,
      property: 'SameSite',
      value: sameSite || '(not set)',
      verdict: /^(strict|lax)$/i.test(sameSite) ? 'good' : sameSite ? 'weak' : 'missing',
    });
    // the portal reads both cookies (HttpOnly would break it); a bounded lifetime is the guard
    const lifetime = attribute('Max-Age') ?? attribute('Expires');
    out.push({
      subject,
      property: 'Max-Age/Expires',
      value: lifetime ?? '(session cookie)',
      verdict: lifetime ? 'good' : 'weak',
    });
  }
  return out;
}

/** The security headers of one page. */
function headerLines(subject: string, headers: Headers, https: boolean): PostureLine[] {
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

/** Fills the run's posture table from the sign-in cookies and the portal's pages. */
export async function posture(run: CheckRun, portal: string) {
  const https = new URL(run.options.target).protocol === 'https:';
  const lines = cookieLines(run.main(1).client.setCookieLines, https);
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
  run.posture = lines;
}
