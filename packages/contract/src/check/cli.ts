// pnpm contract:check --target <url>: checks a server against the contract (see the README's
// "For the backend team"). Exit code 1 when any check fails or the run could not finish.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatAssumptions, formatFailures, formatTable, toJUnit } from './report.js';
import { runCheck, type Credentials } from './run.js';

const usage = `Usage: pnpm contract:check --target <url> [options]
  --target <url>          the server to check (its /api and /config.json)
  --teacher <login:pass>  a teacher's account (env LMS_TEACHER_LOGIN, LMS_TEACHER_PASSWORD)
  --student <login:pass>  a student's account (env LMS_STUDENT_LOGIN, LMS_STUDENT_PASSWORD)
  --read-only             send no writes at all (for production)
  --junit <file>          write a JUnit XML report (default contract-check.xml)
  --seed <n>              the checker's own texts repeat with the seed (default 1)
  --max-requests <n>      stop after this many requests (default 4000)
  --timeout <ms>          per request (default 15000)
  --max-seconds <n>       stop after this long (default 600)
  --help`;

function credentials(
  flag: string | undefined,
  loginEnv: string,
  passwordEnv: string,
  name: string,
): Credentials {
  if (flag) {
    const at = flag.indexOf(':');
    if (at > 0) return { login: flag.slice(0, at), password: flag.slice(at + 1) };
  }
  const login = process.env[loginEnv];
  const password = process.env[passwordEnv];
  if (login && password) return { login, password };
  console.error(
    `Give the ${name}'s account: --${name} login:password, or ${loginEnv} and ${passwordEnv}.\n\n${usage}`,
  );
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    target: { type: 'string' },
    teacher: { type: 'string' },
    student: { type: 'string' },
    'read-only': { type: 'boolean', default: false },
    junit: { type: 'string', default: 'contract-check.xml' },
    seed: { type: 'string', default: '1' },
    'max-requests': { type: 'string', default: '4000' },
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

const teacher = credentials(values.teacher, 'LMS_TEACHER_LOGIN', 'LMS_TEACHER_PASSWORD', 'teacher');
const student = credentials(values.student, 'LMS_STUDENT_LOGIN', 'LMS_STUDENT_PASSWORD', 'student');
const interactive = process.stderr.isTTY;
const report = await runCheck({
  target: values.target,
  teacher,
  student,
  readOnly: values['read-only'],
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
const failed = report.results.filter((r) => r.outcome === 'fail').length;
console.log(
  [
    `Contract check of ${report.target}${report.readOnly ? ' (read-only)' : ''}: ${report.results.length} checks, ${failed} failed, ${report.requests} requests, ${(report.ms / 1000).toFixed(1)} s`,
    '',
    formatTable(report),
    '',
    formatFailures(report),
    '',
    formatAssumptions(report),
    '',
    `JUnit report: ${junitPath}`,
    report.aborted ? `Stopped early: ${report.aborted}` : '',
  ]
    .filter((line, i, all) => line !== '' || all[i - 1] !== '')
    .join('\n'),
);
process.exit(failed > 0 || report.aborted ? 1 : 0);
