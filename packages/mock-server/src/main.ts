// The command line: serves createApp() on 127.0.0.1 and prints the URL and the demo accounts.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { REFERENCE_PATH } from './routes/web.js';
import { DEFAULT_TIMEOUTS, serveApp } from './serve.js';
import {
  DEFAULT_ABSENCE_WARNING_PERCENT,
  DEFAULT_MAX_SIZE_MB,
  DEFAULT_MAX_STORAGE_MB,
  DEFAULT_SESSION_HOURS,
  MAX_SESSION_HOURS,
  createApp,
} from './app.js';
import { SCENARIOS, SCENARIO_COOKIE_FORMAT, SCENARIO_HEADER } from './faults/faults.js';
import { demoAccounts } from './world/core/accounts.js';
import { FIRST_HOLD_MS, FREE_FAILURES } from './world/core/login-throttle.js';
import { SESSIONS_PER_ACCOUNT } from './world/core/sessions.js';
import { MAX_SCALE } from './world/core/university.js';
import {
  GROWTH_BOOKS,
  GROWTH_LESSON_DATES,
  GROWTH_MESSAGES,
  GROWTH_STUDENTS,
  MAX_GROWTH,
} from './world/core/growth.js';

/** The command line's order pace: slow enough to read, quick enough to watch. */
const DEFAULT_ORDER_PACE_S = 30;

const usage = `Usage: mock-server [options]
  --port <n>          port (env PORT, default 8080)
  --host <name>       interface (default 127.0.0.1)
  --seed <n>          world seed (default 1): one seed, byte-identical answers
  --scale <n>         multiply the population, 1…${MAX_SCALE} (default 1)
  --growth <n>        the growth world, 1…${MAX_GROWTH}: ${GROWTH_BOOKS}n books, a demo group of
                      ${GROWTH_STUDENTS}n students × ${GROWTH_LESSON_DATES} dates, ${GROWTH_MESSAGES}n messages between
                      teacher and student (default: none)
  --latency <ms|a..b> delay every answer, e.g. 200..800 (default 0)
  --error-rate <0…1>  share of answers replaced by a 500 (default 0)
  --max-size-mb <n>   largest upload per file (default ${DEFAULT_MAX_SIZE_MB})
  --absence-warning <percent>
                      share of classes missed past which a student's journal warns, served in
                      /config.json (default ${DEFAULT_ABSENCE_WARNING_PERCENT})
  --max-storage-mb <n> largest total of uploads kept in memory; beyond it 507 (default ${DEFAULT_MAX_STORAGE_MB})
  --now <date>        freeze the world's clock at an ISO date, e.g. 2026-11-20T09:00:00+06:00
                      (default: the real time; the world is built relative to it)
  --order-pace <s>    seconds per step of a new single-window order, waiting → preparing →
                      prepared (default ${DEFAULT_ORDER_PACE_S}; 0 keeps orders waiting)
  --session-hours <h> how long a session lasts from its login; its cookies expire with it
                      (default ${DEFAULT_SESSION_HOURS}; fractions too, e.g. 0.01 for 36 s)
  --web-root <dir>    built portal to serve under /lms (default packages/web/dist if built)
  --headers-timeout <s>
                      a client that has not sent a request's headers this many seconds after
                      its first byte (or after connecting) is answered 408 and disconnected
                      (default ${DEFAULT_TIMEOUTS.headersMs / 1000})
  --request-timeout <s>
                      the same for a whole request, body and uploads included
                      (default ${DEFAULT_TIMEOUTS.requestMs / 1000}); idle kept-alive connections close after ${DEFAULT_TIMEOUTS.keepAliveMs / 1000} s
  --trust-proxy       a proxy on this machine is in front (the nginx recipe): a loopback
                      connection's X-Real-IP names the client whose logins are throttled
                      (default off: the connection's own address)
  --validate-answers  check every answer against the contract (status, content type, schema), as
                      the tests do; a mismatch is logged and answered 500 (default off; pnpm dev
                      turns it on)
  --help`;

function exit(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
}

function number(name: string, raw: string | undefined, fallback: number, min = 0, max = Infinity) {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < min || value > max) {
    exit(`--${name} must be a number from ${min} to ${max}, not "${raw}"`);
  }
  return value;
}

/** `--now`: a date to freeze the clock at; without it the clock is live. */
function frozenAt(raw: string | undefined): Date | 'live' {
  if (raw === undefined) return 'live';
  const date = new Date(raw);
  if (raw.trim() === '' || Number.isNaN(date.getTime())) {
    exit(`--now must be an ISO date such as 2026-11-20T09:00:00+06:00, not "${raw}"`);
  }
  return date;
}

function latencyRange(raw: string | undefined): [number, number] {
  if (raw === undefined) return [0, 0];
  const [min = '', max = min] = raw.split('..');
  const range: [number, number] = [number('latency', min, 0), number('latency', max, 0)];
  if (range[0] > range[1]) exit(`--latency ${raw}: the first bound is larger than the second`);
  return range;
}

const { values } = (() => {
  try {
    // `pnpm start -- --port 9000` passes a bare `--` along; with no positionals it separates nothing.
    const args = process.argv.slice(2).filter((arg) => arg !== '--');
    return parseArgs({
      args,
      options: {
        port: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        seed: { type: 'string' },
        scale: { type: 'string' },
        growth: { type: 'string' },
        latency: { type: 'string' },
        'error-rate': { type: 'string' },
        'max-size-mb': { type: 'string' },
        'absence-warning': { type: 'string' },
        'max-storage-mb': { type: 'string' },
        'web-root': { type: 'string' },
        now: { type: 'string' },
        'order-pace': { type: 'string' },
        'session-hours': { type: 'string' },
        'validate-answers': { type: 'boolean' },
        'trust-proxy': { type: 'boolean' },
        'headers-timeout': { type: 'string' },
        'request-timeout': { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    exit((error as Error).message);
  }
})();
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const port = Math.trunc(number('port', values.port ?? process.env.PORT, 8080, 0, 65535));
const builtPortal = fileURLToPath(new URL('../../web/dist', import.meta.url));
const webRoot = values['web-root'] ?? (existsSync(builtPortal) ? builtPortal : undefined);
// spec/dist/reference.html, built with the mock server (pnpm --filter @lms/spec build)
const referencePage = fileURLToPath(new URL('../../../spec/dist/reference.html', import.meta.url));
const options = {
  seed: Math.trunc(number('seed', values.seed, 1, 0, 2 ** 32 - 1)),
  scale: Math.trunc(number('scale', values.scale, 1, 1, MAX_SCALE)),
  growth: Math.trunc(number('growth', values.growth, 0, 1, MAX_GROWTH)),
  latency: latencyRange(values.latency),
  errorRate: number('error-rate', values['error-rate'], 0, 0, 1),
  maxSizeMb: number('max-size-mb', values['max-size-mb'], DEFAULT_MAX_SIZE_MB, 0.001),
  absenceWarningPercent: number(
    'absence-warning',
    values['absence-warning'],
    DEFAULT_ABSENCE_WARNING_PERCENT,
    0,
    100,
  ),
  clock: frozenAt(values.now),
  maxStorageMb: number('max-storage-mb', values['max-storage-mb'], DEFAULT_MAX_STORAGE_MB, 0.001),
  orderPaceSeconds: number('order-pace', values['order-pace'], DEFAULT_ORDER_PACE_S, 0, 86_400),
  sessionHours: number(
    'session-hours',
    values['session-hours'],
    DEFAULT_SESSION_HOURS,
    0.001,
    MAX_SESSION_HOURS,
  ),
  webRoot,
  referencePage,
  validateAnswers: values['validate-answers'] === true,
  trustProxy: values['trust-proxy'] === true,
};
const timeouts = {
  headersMs:
    1000 *
    number(
      'headers-timeout',
      values['headers-timeout'],
      DEFAULT_TIMEOUTS.headersMs / 1000,
      0.1,
      3600,
    ),
  requestMs:
    1000 *
    number(
      'request-timeout',
      values['request-timeout'],
      DEFAULT_TIMEOUTS.requestMs / 1000,
      0.1,
      3600,
    ),
};
if (timeouts.headersMs > timeouts.requestMs) {
  exit('--headers-timeout must not be longer than --request-timeout');
}
// /__mock/* answers only requests whose Host is the address the server listens on (known once
// it listens: --port 0 picks one), never another name that resolves here.
let controlHosts: readonly string[] = [];
const app = createApp({ ...options, controlHosts: () => controlHosts });

const server = serveApp(app, { port, hostname: values.host, timeouts }, (info) => {
  const named = values.host.includes(':') ? `[${values.host}]` : values.host;
  const url = `http://${named}:${info.port}`;
  const wildcard = ['0.0.0.0', '[::]', '[::0]'].includes(named);
  const names = new Set(['127.0.0.1', 'localhost', '[::1]', ...(wildcard ? [] : [named])]);
  controlHosts = [...names].map((name) => `${name}:${info.port}`);
  const servesPortal = webRoot !== undefined && existsSync(`${webRoot}/index.html`);
  const width = Math.max(...demoAccounts.map((a) => a.login.length));
  console.log(
    [
      `LMS mock server ready at ${url}`,
      `  portal   ${servesPortal ? `${url}/lms/` : 'not built (pnpm --filter @lms/web build)'}`,
      `  api      ${url}/api/…  config ${url}/config.json`,
      `  docs     ${existsSync(referencePage) ? `${url}${REFERENCE_PATH}  (the contract as an API reference)` : 'not built (pnpm --filter @lms/spec build)'}`,
      `  clock    ${options.clock === 'live' ? 'live (the world is anchored to now)' : `frozen at ${options.clock.toISOString()} (--now)`}`,
      `  world    seed ${options.seed}, scale ${options.scale}${options.growth ? `, growth ${options.growth}` : ''}; latency ${[...new Set(options.latency)].join('..')} ms; error rate ${options.errorRate}`,
      `  checks   requests against the contract; answers ${options.validateAnswers ? 'too (--validate-answers)' : 'not (--validate-answers checks them)'}`,
      `  faults   header ${SCENARIO_HEADER}: ${SCENARIOS}`,
      `           or cookie ${SCENARIO_COOKIE_FORMAT}`,
      `  reset    POST ${url}/__mock/reset  (Content-Type: application/json, same origin, Host ${controlHosts.join(' | ')})`,
      `  sessions last ${options.sessionHours} h (--session-hours), at most ${SESSIONS_PER_ACCOUNT} per account (a login past it ends that account's oldest)`,
      `  logins   a login from one address is held ${FIRST_HOLD_MS / 1000} s after ${FREE_FAILURES} failures, doubling with each further one (429, Retry-After)`,
      `  clients  headers within ${timeouts.headersMs / 1000} s, whole requests within ${timeouts.requestMs / 1000} s, else 408 (--headers-timeout, --request-timeout)`,
      `  orders   new single-window orders advance every ${options.orderPaceSeconds} s (--order-pace; POST /__mock/order-pace {"seconds": n})`,
      'Demo accounts (login / password):',
      ...demoAccounts.map((a) => `  ${a.login.padEnd(width)} / ${a.password}   ${a.description}`),
    ].join('\n'),
  );
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close();
    process.exit(0);
  });
}
