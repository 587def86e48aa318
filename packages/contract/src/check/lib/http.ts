// The checker's HTTP side: one cookie jar per signed-in person, the XSRF header as the contract's
// security asks (or deliberately missing or wrong), a request budget and a timeout per request.
import { isJsonMediaType, type Operation } from '../../index.js';
import type { SetCookie } from './cookies.js';

export interface Answer {
  status: number;
  contentType: string | null;
  /** Parsed JSON, when the answer is JSON and parses. */
  body: unknown;
  /** The raw text of a JSON answer that did not parse. */
  malformed?: string;
  headers: Headers;
}

export interface Limits {
  maxRequests: number;
  timeoutMs: number;
  /** Absolute time (ms since epoch) after which no request is sent. */
  deadline: number;
}

export class BudgetExceeded extends Error {
  override name = 'BudgetExceeded';
}

type XsrfMode = 'session' | 'missing' | 'wrong';

export interface CallOptions {
  body?: unknown;
  form?: FormData;
  query?: Record<string, string | readonly string[]>;
  /** Send the session's cookies (default true). */
  cookies?: boolean;
  xsrf?: XsrfMode;
  /** A raw body with its content type (invalid JSON, a wrong type). */
  raw?: { text: string; contentType: string };
  /** More request headers (an Origin, a preflight's Access-Control-Request-*). */
  headers?: Record<string, string>;
  /** Another method than the operation's (OPTIONS for a CORS preflight). */
  method?: string;
}

export class HttpBudget {
  requests = 0;
  constructor(readonly limits: Limits) {}
  take() {
    if (this.requests >= this.limits.maxRequests) {
      throw new BudgetExceeded(`the request budget of ${this.limits.maxRequests} is spent`);
    }
    if (Date.now() > this.limits.deadline) throw new BudgetExceeded('the time budget is spent');
    this.requests += 1;
  }
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

/** A browser-like client of the server under test: its own cookies, the XSRF rule. */
export class Client {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie line this client was sent, as sent, with its answer's Date. */
  readonly setCookies: SetCookie[] = [];
  constructor(
    readonly base: string,
    readonly budget: HttpBudget,
  ) {}

  async call(op: Pick<Operation, 'method' | 'path'>, options: CallOptions = {}): Promise<Answer> {
    this.budget.take();
    const url = new URL(op.path, this.base);
    for (const [name, value] of Object.entries(options.query ?? {})) {
      for (const one of typeof value === 'string' ? [value] : value)
        url.searchParams.append(name, one);
    }
    const headers = new Headers({ Accept: 'application/json', ...options.headers });
    if (options.cookies !== false && this.cookies.size > 0) {
      headers.set('Cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    }
    const xsrf = options.xsrf ?? 'session';
    if (options.cookies !== false && xsrf !== 'missing') {
      const token = this.cookies.get(XSRF_COOKIE);
      if (token)
        headers.set(
          XSRF_HEADER,
          xsrf === 'wrong' ? `${decodeURIComponent(token)}x` : decodeURIComponent(token),
        );
    }
    let body: string | FormData | undefined;
    if (options.raw) {
      headers.set('Content-Type', options.raw.contentType);
      body = options.raw.text;
    } else if (options.form) {
      body = options.form;
    } else if (options.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(options.body);
    }
    const response = await fetch(url, {
      method: options.method ?? op.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(this.budget.limits.timeoutMs),
    });
    const date = Date.parse(response.headers.get('date') ?? '');
    const answeredAt = Number.isNaN(date) ? Date.now() : date;
    for (const line of response.headers.getSetCookie()) this.setCookies.push({ line, answeredAt });
    if (options.cookies !== false) {
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair?.indexOf('=') ?? -1;
        if (!pair || at < 0) continue;
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1).trim();
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '')
          this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
    }
    const contentType = response.headers.get('content-type');
    const mediaType = contentType?.split(';')[0]?.trim() ?? '';
    if (!isJsonMediaType(mediaType)) {
      await response.arrayBuffer();
      return { status: response.status, contentType, body: undefined, headers: response.headers };
    }
    const text = await response.text();
    try {
      return {
        status: response.status,
        contentType,
        body: JSON.parse(text),
        headers: response.headers,
      };
    } catch {
      return {
        status: response.status,
        contentType,
        body: undefined,
        malformed: text.slice(0, 200),
        headers: response.headers,
      };
    }
  }
}
