// The checker's output: a table per operation and check, the failures in words, the assumption
// report, and a JUnit XML file for CI.
import { CHECK_MEANING, CHECKS, type CheckName, type CheckReport } from './run.js';

const SYMBOL = { pass: '✓', fail: '✗', skip: '–' } as const;
const SHORT: Record<CheckName, string> = {
  valid: 'valid',
  answers: 'answers',
  invalid: 'invalid',
  'no-session': '401',
  'xsrf-missing': 'xsrf∅',
  'xsrf-wrong': 'xsrf≠',
  role: 'role',
  'write-read': 'w→r',
};

export function formatTable(report: CheckReport): string {
  const byOperation = new Map<string, Map<CheckName, string>>();
  for (const result of report.results) {
    const row = byOperation.get(result.operationId) ?? new Map();
    row.set(result.check, SYMBOL[result.outcome]);
    byOperation.set(result.operationId, row);
  }
  const width = Math.max(...[...byOperation.keys()].map((id) => id.length), 9);
  const header = `${'operation'.padEnd(width)}  ${CHECKS.map((c) => SHORT[c].padEnd(9)).join('')}`;
  const lines = [...byOperation].map(
    ([id, row]) =>
      `${id.padEnd(width)}  ${CHECKS.map((c) => (row.get(c) ?? '·').padEnd(9)).join('')}`,
  );
  const legend = CHECKS.map((c) => `  ${SHORT[c].padEnd(8)} ${CHECK_MEANING[c]}`).join('\n');
  return [
    header,
    '-'.repeat(header.length),
    ...lines,
    '',
    '✓ passed  ✗ failed  – not exercised  · not applicable',
    legend,
  ].join('\n');
}

export function formatFailures(report: CheckReport): string {
  const failures = report.results.filter((r) => r.outcome === 'fail');
  const skipped = report.results.filter((r) => r.outcome === 'skip');
  const lines = [
    failures.length === 0 ? 'No failures.' : `${failures.length} failures:`,
    ...failures.map((r) => `  ✗ ${r.operationId} · ${r.check}: ${r.detail}`),
  ];
  if (skipped.length > 0) {
    lines.push(`${skipped.length} checks not exercised:`);
    lines.push(...skipped.map((r) => `  – ${r.operationId} · ${r.check}: ${r.detail}`));
  }
  return lines.join('\n');
}

export function formatAssumptions(report: CheckReport): string {
  const counts = { confirmed: 0, contradicted: 0, 'never exercised': 0 };
  for (const line of report.assumptions) counts[line.verdict] += 1;
  const lines = [
    `Assumptions (x-assumed): ${counts.confirmed} confirmed, ${counts.contradicted} contradicted, ${counts['never exercised']} never exercised`,
  ];
  for (const line of report.assumptions) {
    const detail =
      line.verdict === 'contradicted'
        ? ` — ${line.differences.join('; ')}`
        : line.verdict === 'confirmed'
          ? ` (by ${line.by.slice(0, 3).join(', ')}${line.by.length > 3 ? ', …' : ''})`
          : '';
    lines.push(`  ${line.verdict.padEnd(15)} ${line.unit}${detail}`);
  }
  return lines.join('\n');
}

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JUnit XML: one test suite per operation, one test case per check. */
export function toJUnit(report: CheckReport): string {
  const suites = new Map<string, typeof report.results>();
  for (const result of report.results) {
    suites.set(result.operationId, [...(suites.get(result.operationId) ?? []), result]);
  }
  const failures = report.results.filter((r) => r.outcome === 'fail').length;
  const skipped = report.results.filter((r) => r.outcome === 'skip').length;
  const body = [...suites].map(([id, results]) => {
    const cases = results.map((r) => {
      const inner =
        r.outcome === 'fail'
          ? `<failure message="${xml(r.detail)}">${xml(CHECK_MEANING[r.check])}</failure>`
          : r.outcome === 'skip'
            ? `<skipped message="${xml(r.detail)}"/>`
            : '';
      return `    <testcase classname="contract.${xml(id)}" name="${xml(r.check)}">${inner}</testcase>`;
    });
    const f = results.filter((r) => r.outcome === 'fail').length;
    const s = results.filter((r) => r.outcome === 'skip').length;
    return `  <testsuite name="${xml(id)}" tests="${results.length}" failures="${f}" skipped="${s}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="contract check ${xml(report.target)}" tests="${report.results.length}" failures="${failures}" skipped="${skipped}" time="${(report.ms / 1000).toFixed(1)}">\n${body.join('\n')}\n</testsuites>\n`;
}
