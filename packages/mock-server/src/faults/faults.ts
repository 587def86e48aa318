// Fault injection for frontend work, on contract operations only (/__mock and static files are
// exempt): a global latency range and error rate, and per request the X-Mock-Scenario header or,
// from a browser's devtools, the mock_scenario cookie.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { fail, type AppContext } from '../http.js';
import { mulberry32 } from '../world/core/random.js';

export const SCENARIO_HEADER = 'X-Mock-Scenario';
export const SCENARIOS = 'server-error | client-error | timeout | slow=<ms> | empty | result-error';
/**
 * The same scenarios for someone trying the portal in a browser, who cannot add a header:
 * `document.cookie = 'mock_scenario=server-error@/api/news/data.json'`. A comma-separated list of
 * `<scenario>@<path>` (that path only) or `<scenario>` (every operation); the header wins.
 */
const SCENARIO_COOKIE = 'mock_scenario';
export const SCENARIO_COOKIE_FORMAT = `${SCENARIO_COOKIE}=<scenario>[@<path>][,…]`;

/** Longer than the portal's 30 s HTTP timeout. */
export const TIMEOUT_HOLD_MS = 35_000;
const MAX_SLOW_MS = 120_000;

export interface FaultOptions {
  /** Every answer waits a random time in [min, max] ms. */
  latency: readonly [number, number];
  /** Share of answers (0…1) replaced by a 500. */
  errorRate: number;
  /** Seeds the random latency and errors, so a run can be repeated. */
  seed: number;
}

type Scenario =
  | { kind: 'server-error' | 'client-error' | 'timeout' | 'empty' | 'result-error' }
  | { kind: 'slow'; ms: number };

function parseScenario(header: string): Scenario | string {
  const value = header.trim().toLowerCase();
  const slow = /^slow=(\d+)$/.exec(value);
  if (slow) {
    const ms = Number(slow[1]);
    return ms <= MAX_SLOW_MS ? { kind: 'slow', ms } : `slow may wait at most ${MAX_SLOW_MS} ms`;
  }
  switch (value) {
    case 'server-error':
    case 'client-error':
    case 'timeout':
    case 'empty':
    case 'result-error':
      return { kind: value };
    default:
      return `unknown scenario "${header}"; use ${SCENARIOS}`;
  }
}

/** The cookie's scenario for this path: the entry naming the path, else a path-less entry. */
function scenarioFromCookie(c: Context): string | undefined {
  // Most requests have no such cookie; skip parsing the header for them.
  if (!c.req.header('cookie')?.includes(SCENARIO_COOKIE)) return undefined;
  const value = getCookie(c, SCENARIO_COOKIE);
  if (!value) return undefined;
  let everywhere: string | undefined;
  for (const entry of value.split(',')) {
    const at = entry.indexOf('@');
    if (at === -1) everywhere ??= entry;
    else if (entry.slice(at + 1).trim() === c.req.path) return entry.slice(0, at);
  }
  return everywhere;
}

/**
 * Waits, or stops waiting when the client goes away. On the global setTimeout, which a test's fake
 * timers replace (they do not reach node:timers/promises), so tests move the clock themselves.
 */
async function wait(ms: number, c: Context) {
  if (ms <= 0) return;
  // read the signal only when waiting: on @hono/node-server it is built on first access, at a cost
  const signal = c.req.raw.signal;
  if (signal.aborted) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** `empty`: a successful envelope's data becomes an empty list, or null for anything else. */
async function emptyData(c: Context) {
  if (!c.res.headers.get('content-type')?.includes('application/json')) return;
  const body = (await c.res.clone().json()) as { result?: unknown; data?: unknown };
  if (body.result !== 0 || !('data' in body)) return;
  const headers = new Headers(c.res.headers);
  headers.delete('content-length');
  const data = Array.isArray(body.data) ? [] : null;
  const emptied = Response.json({ ...body, data }, { status: c.res.status, headers });
  c.res = undefined; // replace the handler's answer rather than merge into it
  c.res = emptied;
}

/** What a step of the gate answers: a Response, or a promise of one (or of nothing: c.res holds it). */
export type Answer = Response | Promise<unknown> | undefined;

/**
 * Waits for `then()`, the rest of the request, and makes an answer it returns c.res, as Hono does
 * with what a middleware's next() returns; resolves once c.res holds the answer.
 */
export async function settle(c: AppContext, then: () => Answer): Promise<void> {
  const answer = await then();
  if (answer instanceof Response) c.res = answer;
}

/**
 * The fault step of a request to a contract operation (gate.ts): an error, a wait or an emptied
 * answer as the scenario, latency and error rate say; otherwise `then()`, the rest of the request.
 */
export function faults({ latency, errorRate, seed }: FaultOptions) {
  // seeded, so latency and injected errors repeat with the seed
  const random = mulberry32(seed);
  const [min, max] = latency;
  // Neither latency nor an error rate: a request without a scenario passes straight through (and
  // draws nothing from `random`, as before).
  const plain = min === 0 && max === 0 && errorRate === 0;
  const faulty = async (
    c: AppContext,
    then: () => Answer,
    header: string | undefined,
    requested: string | undefined,
  ) => {
    const scenario = requested === undefined ? undefined : parseScenario(requested);
    if (typeof scenario === 'string') {
      const source = header === undefined ? `${SCENARIO_COOKIE} cookie` : SCENARIO_HEADER;
      return fail(c, 400, `${source}: ${scenario}`);
    }

    const latencyMs = min === max ? min : min + random() * (max - min);
    await wait(scenario?.kind === 'slow' ? scenario.ms : latencyMs, c);

    switch (scenario?.kind) {
      case 'server-error':
        return fail(c, 500, 'Internal server error (X-Mock-Scenario: server-error)');
      case 'client-error':
        return fail(c, 400, 'Bad request (X-Mock-Scenario: client-error)');
      case 'result-error':
        return c.json({
          result: 1,
          error: 'Ошибка сервера (X-Mock-Scenario: result-error)',
          data: null,
        });
      case 'timeout':
        // Never answers in time: holds past the client's timeout, or until the client aborts.
        await wait(TIMEOUT_HOLD_MS, c);
        return fail(c, 504, 'Gateway timeout (X-Mock-Scenario: timeout)');
      case 'empty':
        await settle(c, then);
        return emptyData(c);
      case 'slow':
        return then();
      default:
        if (errorRate > 0 && random() < errorRate) {
          return fail(c, 500, 'Internal server error (injected by --error-rate)');
        }
        return then();
    }
  };
  return (c: AppContext, then: () => Answer): Answer => {
    const header = c.req.header(SCENARIO_HEADER);
    const requested = header ?? scenarioFromCookie(c);
    if (requested === undefined && plain) return then();
    return faulty(c, then, header, requested);
  };
}
