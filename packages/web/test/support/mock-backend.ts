import { createLmsClient, type LmsClient } from '@lms/client';
import { createApp } from '@lms/mock-server';

export interface MockBackend {
  client: LmsClient;
  /** The in-process server, for a second session on the same world (signInOther). */
  app?: ReturnType<typeof createApp>;
  /** Ends every session on the server and restores the seeded world (POST /__mock/reset). */
  resetWorld?: () => Promise<void>;
  /** Paths requested, in order (e.g. '/api/auth/orize.json'). */
  calls: string[];
  /** The browser-like fetch behind the client (installFakeXhr sends uploads through it). */
  fetch?: (request: Request) => Promise<Response>;
  /** A fault for the mock server (X-Mock-Scenario) per path, uploads included. */
  scenarios?: Map<string, string>;
}

/**
 * The real mock server in-process (no port), behind a fetch that behaves like the browser: it
 * sends `document.cookie` and stores the answer's Set-Cookie headers there, so the session and
 * XSRF cookies work as they do in Chromium.
 */
export interface MockBackendOptions {
  maxSizeMb?: number;
  absenceWarningPercent?: number;
  /** The mock's growth world (200 books per unit, …); none by default. */
  growth?: number;
}

export function createMockBackend(options: MockBackendOptions = {}): MockBackend {
  const app = createApp({ validateResponses: true, ...options });
  const calls: string[] = [];
  const scenarios = new Map<string, string>();
  const fetch = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    calls.push(path);
    const headers = new Headers(request.headers);
    if (document.cookie) headers.set('cookie', document.cookie);
    const scenario = scenarios.get(path);
    if (scenario) headers.set('x-mock-scenario', scenario);
    const body = request.method === 'GET' ? undefined : await request.arrayBuffer();
    const response = await app.request(request.url, { method: request.method, headers, body });
    for (const cookie of response.headers.getSetCookie()) document.cookie = cookie;
    return response;
  };
  const resetWorld = async () => {
    await app.request('/__mock/reset', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
  };
  return {
    client: createLmsClient({ baseUrl: 'http://lms.test', fetch }),
    app,
    calls,
    resetWorld,
    fetch,
    scenarios,
  };
}

/** A client whose every call is answered by `respond` (for cases the mock world has no data for). */
export function createStubClient(
  respond: (path: string, body: unknown) => { status?: number; body: unknown },
): MockBackend {
  const calls: string[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const path = new URL(request.url).pathname;
    calls.push(path);
    const text = request.method === 'GET' ? '' : await request.text();
    const answer = respond(path, text ? JSON.parse(text) : undefined);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { client: createLmsClient({ baseUrl: 'http://lms.test', fetch }), calls };
}

/** The mock world's demo accounts (README) and their passwords. */
export const DEMO_PASSWORDS = {
  teacher: 'Teacher1',
  teacher2: 'Teacher2',
  student: 'Student1',
  student2: 'Student2',
  student3: 'Student3',
} as const;

/** A fresh in-process mock server with a demo account signed in (its cookies in the document). */
export async function signInDemo(
  login: keyof typeof DEMO_PASSWORDS,
  options: MockBackendOptions = {},
) {
  const backend = createMockBackend(options);
  const user = await backend.client.post('/api/auth/orize.json', {
    body: { login, password: DEMO_PASSWORDS[login] },
  });
  if (!user) throw new Error(`the demo account ${login} did not sign in`);
  return { backend, user };
}

/**
 * A second person on the same in-process server: a client with its own cookie jar (not the
 * document's), so two sessions (a teacher and a student) can talk to one world.
 */
export async function signInOther(
  app: ReturnType<typeof createApp>,
  login: keyof typeof DEMO_PASSWORDS,
) {
  const jar = new Map<string, string>();
  const fetch = async (request: Request): Promise<Response> => {
    const headers = new Headers(request.headers);
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.set('cookie', cookie);
    const xsrf = jar.get('XSRF-TOKEN');
    if (xsrf && request.method !== 'GET') headers.set('X-XSRF-TOKEN', decodeURIComponent(xsrf));
    const body = request.method === 'GET' ? undefined : await request.arrayBuffer();
    const response = await app.request(request.url, { method: request.method, headers, body });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
    return response;
  };
  const client = createLmsClient({ baseUrl: 'http://lms.test', fetch });
  const user = await client.post('/api/auth/orize.json', {
    body: { login, password: DEMO_PASSWORDS[login] },
  });
  if (!user) throw new Error(`the demo account ${login} did not sign in`);
  return { client, user };
}

type Init = { headers?: Record<string, string> } | undefined;
type Call = (path: string, init: Init) => Promise<unknown>;

export interface Hooks {
  /** A fault for the mock server (X-Mock-Scenario) on this call, or null. */
  scenario?: (path: string) => string | null;
  /** Resolves when this call may go out (to hold an answer back), or null. */
  gate?: (path: string) => Promise<void> | null;
}

/** The client, with faults and holds on chosen calls; every call still reaches the mock server. */
export function withHooks(client: LmsClient, hooks: Hooks): LmsClient {
  const wrap =
    (call: Call): Call =>
    async (path, init) => {
      await hooks.gate?.(path);
      const fault = hooks.scenario?.(path) ?? null;
      const next = fault
        ? { ...init, headers: { ...init?.headers, 'X-Mock-Scenario': fault } }
        : init;
      return call(path, next);
    };
  return {
    ...client,
    get: wrap(client.get as Call) as LmsClient['get'],
    post: wrap(client.post as Call) as LmsClient['post'],
  };
}
