// One request of a security probe: outside the contract's operations (another method, a body no
// operation takes), so its answer is only described in the security table, never judged by a check.
// It takes its share of the request budget and the per-request timeout like any other call.
import type { CheckRun } from '../run.js';

/** The reason given when no answer came within the request timeout. */
export const NO_ANSWER = 'no answer within the request timeout';

export interface ProbeAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, when the answer is JSON that parses. */
  body: unknown;
  /** From sending the request to the answer's last byte. */
  ms: number;
}

/** Sends one probe request, without cookies; the answer, or the reason none came. */
export async function sendProbe(
  run: CheckRun,
  path: string,
  init: { method: string; body?: string; contentType?: string },
): Promise<ProbeAnswer | { error: string }> {
  run.budget.take();
  const headers = new Headers({ Accept: 'application/json' });
  if (init.contentType) headers.set('Content-Type', init.contentType);
  const started = performance.now();
  try {
    const response = await fetch(new URL(path, run.options.target), {
      method: init.method,
      headers,
      body: init.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(run.budget.limits.timeoutMs),
    });
    const text = await response.text();
    const ms = performance.now() - started;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, headers: response.headers, body, ms };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { error: /aborted|timeout/i.test(reason) ? NO_ANSWER : reason };
  }
}
