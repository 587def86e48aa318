import { createLmsClient, type LmsClient } from '@lms/client';
import { createApp } from '@lms/mock-server';

export interface MockBackend {
  client: LmsClient;
  /** Ends every session on the server and restores the seeded world (POST /__mock/reset). */
  resetWorld?: () => Promise<void>;
  /** Paths requested, in order (e.g. '/api/auth/orize.json'). */
  calls: string[];
}

/**
 * The real mock server in-process (no port), behind a fetch that behaves like the browser: it
 * sends `document.cookie` and stores the answer's Set-Cookie headers there, so the session and
 * XSRF cookies work as they do in Chromium.
 */
export function createMockBackend(): MockBackend {
  const app = createApp({ validateResponses: true });
  const calls: string[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    calls.push(new URL(request.url).pathname);
    const headers = new Headers(request.headers);
    if (document.cookie) headers.set('cookie', document.cookie);
    const body = request.method === 'GET' ? undefined : await request.arrayBuffer();
    const response = await app.request(request.url, { method: request.method, headers, body });
    for (const cookie of response.headers.getSetCookie()) document.cookie = cookie;
    return response;
  };
  const resetWorld = async () => {
    await app.request('/__mock/reset', { method: 'POST' });
  };
  return { client: createLmsClient({ baseUrl: 'http://lms.test', fetch }), calls, resetWorld };
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
