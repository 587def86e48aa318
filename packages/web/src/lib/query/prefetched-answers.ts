import type { LmsClient } from '@lms/client';

/** An answer asked for ahead waits this long for the call it was asked for. */
export const PREFETCHED_ANSWER_MS = 30_000;

type Method = 'get' | 'post';

interface Ahead {
  client: LmsClient;
  answers: Map<string, Promise<unknown>>;
}

const ahead = new WeakMap<LmsClient, Ahead>();

type Middleware = Parameters<LmsClient['raw']['use']>[0];

/** index.html's boot script, holding the answers to the requests it sent (a returning user's). */
interface BootScript extends HTMLElement {
  answers?: Map<string, Promise<Response>>;
}

/** How the boot script names a request it sent: method, absolute URL and JSON body. */
export const bootAnswerKey = (method: string, url: string, body: string) =>
  `${method.toUpperCase()} ${url} ${body}`;

/** An answer that a call's own signal (its timeout, its cancel) still stops waiting for. */
const abortable = (answer: Promise<Response>, signal: AbortSignal) =>
  new Promise<Response>((resolve, reject) => {
    if (signal.aborted) reject(signal.reason as Error);
    signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
    answer.then(resolve, reject);
  });

/**
 * The requests index.html's boot script sent before any script arrived (a returning user's session
 * check and the first screen's requests that name no one, beside the page's own scripts rather
 * than once they have run): each is handed to the first call with the same method, URL and body,
 * as if it had gone out then, and kept `PREFETCHED_ANSWER_MS` at most. Null when it sent none.
 */
function bootAnswers(): Middleware | null {
  if (typeof document === 'undefined') return null;
  const answers = (document.getElementById('boot-script') as BootScript | null)?.answers;
  if (!answers?.size) return null;
  setTimeout(() => answers.clear(), PREFETCHED_ANSWER_MS);
  return {
    async onRequest({ request }) {
      if (answers.size === 0) return undefined;
      const body = request.method === 'GET' ? '' : await request.clone().text();
      const key = bootAnswerKey(request.method, request.url, body);
      const answer = answers.get(key);
      if (!answer) return undefined;
      answers.delete(key);
      return abortable(answer, request.signal);
    },
  };
}

/** The same JSON for the same body whatever the order of its keys. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const keyOf = (method: Method, path: string, body: unknown) =>
  `${method} ${path} ${stableJson(body ?? null)}`;

/**
 * A client that can be asked ahead (`askAhead`): requests a screen will make, sent before its code
 * has arrived (a returning user's first screen, beside the session check). The first call with
 * the same method, path and body takes the answer on its way instead of asking again, so nothing
 * is asked twice; any other call, and a call after `PREFETCHED_ANSWER_MS`, goes to the server. It takes
 * the answers of the requests index.html's boot script sent as well (`bootAnswers`).
 */
export function withPrefetchedAnswers(client: LmsClient): LmsClient {
  const boot = bootAnswers();
  if (boot) client.raw.use(boot);
  const answers = new Map<string, Promise<unknown>>();
  const take = (method: Method, path: string, init: unknown[]) => {
    // Every call of the page's life passes here: with no answer kept, no key is built.
    if (answers.size === 0) return undefined;
    const key = keyOf(method, path, (init[0] as { body?: unknown } | undefined)?.body);
    const answer = answers.get(key);
    answers.delete(key);
    return answer;
  };
  const wrapped: LmsClient = {
    raw: client.raw,
    baseUrl: client.baseUrl,
    timeoutMs: client.timeoutMs,
    getXsrfToken: client.getXsrfToken,
    // An answer asked ahead is the answer of this very call (same method, path and body).
    get: (path, ...init) => (take('get', path, init) as never) ?? client.get(path, ...init),
    post: (path, ...init) => (take('post', path, init) as never) ?? client.post(path, ...init),
  };
  ahead.set(wrapped, { client, answers });
  return wrapped;
}

/** Sends a request ahead of the call that will read it (see `withPrefetchedAnswers`). */
export function askAhead(client: LmsClient, method: Method, path: string, body?: object): void {
  const entry = ahead.get(client);
  if (!entry) return;
  const key = keyOf(method, path, body);
  if (entry.answers.has(key)) return;
  const call = entry.client as unknown as Record<
    Method,
    (path: string, init?: { body?: object }) => Promise<unknown>
  >;
  const answer = call[method](path, body === undefined ? undefined : { body });
  answer.catch(() => undefined); // the call that takes it handles its failure
  entry.answers.set(key, answer);
  setTimeout(() => {
    if (entry.answers.get(key) === answer) entry.answers.delete(key);
  }, PREFETCHED_ANSWER_MS);
}

/** Drops every answer asked for ahead (the session they were asked in was not confirmed). */
export function forgetPrefetchedAnswers(client: LmsClient): void {
  ahead.get(client)?.answers.clear();
}
