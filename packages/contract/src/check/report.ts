// The checker's output: the summary line (which never reads as a pass when the run could not check
// everything), a table per operation and check, the failures in words, the assumption report, the
// security table, and a JUnit XML file for CI in which a check the run never reached is an error.
import { operations } from '../index.js';
import type { AssumptionVerdict } from './lib/assumptions.js';
import { CHECK_REGISTRY, checkNamed, type CheckName } from './registry.js';
import type { CheckReport } from './run.js';

const SYMBOL = { pass: '✓', fail: '✗', skip: '–', error: '!' } as const;

const count = (report: CheckReport, outcome: string) =>
  report.results.filter((r) => r.outcome === outcome).length;

/** Operations with at least one check that ran (passed or failed). */
const reachedOperations = (report: CheckReport) =>
  new Set(
    report.results
      .filter((r) => r.outcome === 'pass' || r.outcome === 'fail')
      .map((r) => r.operationId),
  ).size;

/** The first line: PASSED only when every check ran and passed. */
export function summaryLine(report: CheckReport): string {
  const what = `Contract check of ${report.target}${report.readOnly ? ' (read-only)' : ''}`;
  const total = report.results.length;
  const failed = count(report, 'fail');
  const unreached = count(report, 'error');
  const skipped = count(report, 'skip');
  const ran = total - unreached - skipped;
  const ops = `${reachedOperations(report)} of ${operations.length} operations reached`;
  const tail = `${report.requests} requests, ${(report.ms / 1000).toFixed(1)} s`;
  if (report.signInFailed) {
    return `${what}: NOT CHECKED — ${report.aborted}; ${ops}, ${unreached} checks not reached (${tail})`;
  }
  if (report.aborted) {
    return `${what}: INCOMPLETE — stopped early (${report.aborted}); ${ran} of ${total} checks ran on ${ops}, ${failed} failed (${tail})`;
  }
  if (failed > 0 || skipped > 0) {
    const verdict = failed > 0 ? 'FAILED' : 'INCOMPLETE';
    const notRun = skipped > 0 ? `, ${skipped} not exercised` : '';
    return `${what}: ${verdict} — ${failed} of ${total} checks failed${notRun}; ${ops} (${tail})`;
  }
  return `${what}: PASSED — all ${total} checks on ${ops}, 0 failed (${tail})`;
}

export function formatTable(report: CheckReport): string {
  const byOperation = new Map<string, Map<CheckName, string>>();
  for (const result of report.results) {
    const row = byOperation.get(result.operationId) ?? new Map<CheckName, string>();
    row.set(result.check, SYMBOL[result.outcome]);
    byOperation.set(result.operationId, row);
  }
  const width = Math.max(...[...byOperation.keys()].map((id) => id.length), 9);
  const header = `${'operation'.padEnd(width)}  ${CHECK_REGISTRY.map((c) => c.label.padEnd(8)).join('')}`;
  const lines = [...byOperation].map(
    ([id, row]) =>
      `${id.padEnd(width)}  ${CHECK_REGISTRY.map((c) => (row.get(c.name) ?? '·').padEnd(8)).join('')}`,
  );
  const legend = CHECK_REGISTRY.map((c) => `  ${c.label.padEnd(8)} ${c.meaning}`).join('\n');
  return [
    header,
    '-'.repeat(header.length),
    ...lines,
    '',
    '✓ passed  ✗ failed  – not exercised  ! not reached  · not applicable',
    legend,
  ].join('\n');
}

export function formatFailures(report: CheckReport): string {
  const failures = report.results.filter((r) => r.outcome === 'fail');
  const skipped = report.results.filter((r) => r.outcome === 'skip');
  const unreached = report.results.filter((r) => r.outcome === 'error');
  const lines =
    failures.length > 0
      ? [
          `${failures.length} failures:`,
          ...failures.map((r) => `  ✗ ${r.operationId} · ${r.check}: ${r.detail}`),
        ]
      : unreached.length > 0
        ? []
        : ['No check failed.'];
  if (skipped.length > 0) {
    lines.push(`${skipped.length} checks not exercised:`);
    lines.push(...skipped.map((r) => `  – ${r.operationId} · ${r.check}: ${r.detail}`));
  }
  if (unreached.length > 0) {
    // one reason for all of them: the run stopped
    lines.push(`${unreached.length} checks not reached: ${report.aborted ?? ''}`);
  }
  return lines.join('\n');
}

export function formatAssumptions(report: CheckReport): string {
  const counts: Record<AssumptionVerdict, number> = {
    confirmed: 0,
    'seen, not confirmed': 0,
    contradicted: 0,
    'never exercised': 0,
  };
  for (const line of report.assumptions) counts[line.verdict] += 1;
  const lines = [
    `Assumptions (x-assumed): ${counts.confirmed} confirmed, ${counts['seen, not confirmed']} seen but not confirmed, ${counts.contradicted} contradicted, ${counts['never exercised']} never exercised`,
  ];
  // a reason every shape seen but not confirmed shares (the server's conduct) is said once
  const unconfirmed = report.assumptions.filter((line) => line.verdict === 'seen, not confirmed');
  const shared = (unconfirmed[0]?.reasons ?? []).filter((reason) =>
    unconfirmed.every((line) => line.reasons.includes(reason)),
  );
  for (const reason of shared) lines.push(`  not confirmed: ${reason}`);
  const by = (ids: readonly string[]) =>
    `${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''}`;
  for (const line of report.assumptions) {
    const own = line.reasons.filter((reason) => !shared.includes(reason));
    const detail =
      line.verdict === 'contradicted'
        ? ` — ${line.differences.join('; ')}`
        : line.verdict === 'confirmed'
          ? ` (by ${by(line.by)})`
          : line.verdict === 'seen, not confirmed'
            ? ` (seen in ${by(line.by)})${own.length > 0 ? ` — ${own.join('; ')}` : ''}`
            : '';
    lines.push(`  ${line.verdict.padEnd(19)} ${line.unit}${detail}`);
  }
  return lines.join('\n');
}

export function formatSecurityTable(report: CheckReport): string {
  if (report.security.length === 0) return '';
  const width = Math.max(...report.security.map((p) => p.subject.length));
  const property = Math.max(...report.security.map((p) => p.property.length));
  return [
    'Security (reported; the cookies check fails a session cookie with SameSite=None or living past the session):',
    ...report.security.map(
      (p) =>
        `  ${p.subject.padEnd(width)}  ${p.property.padEnd(property)}  ${p.verdict.padEnd(7)}  ${p.value}`,
    ),
  ].join('\n');
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JUnit XML: one test suite per operation, one test case per check; not reached is an error. */
export function toJUnit(report: CheckReport): string {
  const suites = new Map<string, typeof report.results>();
  for (const result of report.results) {
    suites.set(result.operationId, [...(suites.get(result.operationId) ?? []), result]);
  }
  const tally = (results: typeof report.results) =>
    `tests="${results.length}" failures="${results.filter((r) => r.outcome === 'fail').length}" errors="${results.filter((r) => r.outcome === 'error').length}" skipped="${results.filter((r) => r.outcome === 'skip').length}"`;
  const body = [...suites].map(([id, results]) => {
    const cases = results.map((r) => {
      const inner =
        r.outcome === 'fail'
          ? `<failure message="${xml(r.detail)}">${xml(checkNamed(r.check).meaning)}</failure>`
          : r.outcome === 'error'
            ? `<error message="${xml(r.detail)}">${xml(checkNamed(r.check).meaning)}</error>`
            : r.outcome === 'skip'
              ? `<skipped message="${xml(r.detail)}"/>`
              : '';
      return `    <testcase classname="contract.${xml(id)}" name="${xml(r.check)}">${inner}</testcase>`;
    });
    return `  <testsuite name="${xml(id)}" ${tally(results)}>\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="contract check ${xml(report.target)}" ${tally(report.results)} time="${(report.ms / 1000).toFixed(1)}">\n${body.join('\n')}\n</testsuites>\n`;
}

/**
 * 0: every check ran and passed; 1: a check failed; 2: the run could not check (sign-in refused,
 * stopped early); 3: incomplete, some checks not exercised (each with its reason).
 */
export function exitCode(report: CheckReport): 0 | 1 | 2 | 3 {
  if (report.signInFailed || report.aborted) return 2;
  if (report.results.some((r) => r.outcome === 'fail')) return 1;
  return report.results.some((r) => r.outcome === 'skip') ? 3 : 0;
}
