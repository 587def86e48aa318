// pnpm contract:check --target <url>: checks a server against the contract (see the README's
// "For the backend team"). Exit code 0 when every check ran and passed, 1 when a check failed,
// 2 when the run could not check (sign-in refused, stopped early) or was called wrongly, 3 when
// it was incomplete (checks not exercised, with or without --read-only).
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  exitCode,
  formatAssumptions,
  formatFailures,
  formatSecurityTable,
  formatTable,
  summaryLine,
  toJUnit,
} from './report.js';
import { runCheck, type Credentials } from './checker.js';

const usage = `Usage: pnpm contract:check --target <url> [options]
  --target <url>           the server to check (its /api and /config.json)
  --teacher <login:pass>   a teacher's account (env LMS_TEACHER_LOGIN, LMS_TEACHER_PASSWORD)
  --student <login:pass>   a student's account (env LMS_STUDENT_LOGIN, LMS_STUDENT_PASSWORD)
  --teacher2 <login:pass>  a second teacher, who teaches none of the first one's classes
                           (env LMS_TEACHER2_LOGIN, LMS_TEACHER2_PASSWORD): for the owner check
  --student2 <login:pass>  a second student, of another group than the first
                           (env LMS_STUDENT2_LOGIN, LMS_STUDENT2_PASSWORD): for the owner check
  --portal <url>           the portal's first page for the security table (default <target>/lms/)
  --strict-fields          fail on any answer property the contract does not declare (default:
                           only those whose names look secret: password, hash, token, …)
  --read-only              send no writes at all (for production); the writes' checks are then
                           not exercised, so the run is incomplete (exit 3)
  --session-hours <n>      how long the server's sessions live (default 24): the cookies check
                           fails a token or XSRF-TOKEN cookie that lives longer
  --slow-client-seconds <n>
                           how long the security table's slow-client probe (a header byte a
                           second) waits for the server to cut it (default 30; 0: no probe)
  --junit <file>           write a JUnit XML report (default contract-check.xml)
  --seed <n>               the checker's own texts repeat with the seed (default 1)
  --max-requests <n>       stop after this many requests (default 6000)
  --timeout <ms>           per request (default 15000)
  --max-seconds <n>        stop after this long (default 600)
  --help

Exit codes:
  0  every check ran and passed
  1  a check failed
  2  the run could not check (sign-in refused, stopped early) or was called wrongly
  3  incomplete: checks not exercised (each listed with its reason), as with --read-only or
     without the second teacher and student`;

function credentials(
  flag: string | undefined,
  name: string,
  required: boolean,
): Credentials | undefined {
  const env = `LMS_${name.toUpperCase()}`;
  if (flag) {
    const at = flag.indexOf(':');
    if (at > 0) return { login: flag.slice(0, at), password: flag.slice(at + 1) };
  }
  const login = process.env[`${env}_LOGIN`];
  const password = process.env[`${env}_PASSWORD`];
  if (login && password) return { login, password };
  if (!required && flag === undefined) return undefined;
  console.error(
    `Give the ${name}'s account: --${name} login:password, or ${env}_LOGIN and ${env}_PASSWORD.\n\n${usage}`,
  );
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    target: { type: 'string' },
    teacher: { type: 'string' },
    student: { type: 'string' },
    teacher2: { type: 'string' },
    student2: { type: 'string' },
    portal: { type: 'string' },
    'strict-fields': { type: 'boolean', default: false },
    'read-only': { type: 'boolean', default: false },
    'session-hours': { type: 'string', default: '24' },
    'slow-client-seconds': { type: 'string', default: '30' },
    junit: { type: 'string', default: 'contract-check.xml' },
    seed: { type: 'string', default: '1' },
    'max-requests': { type: 'string', default: '6000' },
    timeout: { type: 'string', default: '15000' },
    'max-seconds': { type: 'string', default: '600' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
if (!values.target) {
  console.error(usage);
  process.exit(2);
}
const sessionHours = Number(values['session-hours']);
if (!(sessionHours > 0)) {
  console.error(`--session-hours must be a number of hours above 0.\n\n${usage}`);
  process.exit(2);
}

const slowClientSeconds = Number(values['slow-client-seconds']);
if (!(slowClientSeconds >= 0)) {
  console.error(`--slow-client-seconds must be a number of seconds, 0 or more.\n\n${usage}`);
  process.exit(2);
}

const interactive = process.stderr.isTTY;
const report = await runCheck({
  target: values.target,
  teacher: credentials(values.teacher, 'teacher', true)!,
  student: credentials(values.student, 'student', true)!,
  teacher2: credentials(values.teacher2, 'teacher2', false),
  student2: credentials(values.student2, 'student2', false),
  portal: values.portal,
  strictFields: values['strict-fields'],
  readOnly: values['read-only'],
  sessionHours,
  slowClientSeconds,
  seed: Number(values.seed),
  limits: {
    maxRequests: Number(values['max-requests']),
    timeoutMs: Number(values.timeout),
    totalSeconds: Number(values['max-seconds']),
  },
  onProgress: (done, total, operationId) => {
    const line = `checking ${String(done).padStart(2)}/${total} ${operationId}`;
    if (interactive) process.stderr.write(`\r${line.padEnd(70)}`);
    else if (done % 10 === 0 || done === total) process.stderr.write(`${line}\n`);
  },
});
if (interactive) process.stderr.write('\r'.padEnd(72) + '\r');

// pnpm runs the script in the package folder: a relative path is the caller's.
const junitPath = resolve(process.env.INIT_CWD ?? process.cwd(), values.junit);
writeFileSync(junitPath, toJUnit(report));
const parts = report.signInFailed
  ? [summaryLine(report), '', formatFailures(report)]
  : [
      summaryLine(report),
      '',
      formatTable(report),
      '',
      formatFailures(report),
      '',
      formatAssumptions(report),
      '',
      formatSecurityTable(report),
    ];
console.log(
  [...parts, '', `JUnit report: ${junitPath}`]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n'),
);
process.exit(exitCode(report));
