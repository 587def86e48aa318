// A returning user's first requests sent by index.html's boot script, before any of the portal's
// scripts has arrived, and taken by the portal's client: the session check and the first screen's
// requests that name no one go out once, and each answer reaches the call that asks for it.
import { createLmsClient } from '@lms/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstScreenRequests, type Layout } from '../src/app/first-screen-requests';
import { authenticate } from '../src/features/session/api/authenticate';
import { getLogo } from '../src/features/session/api/get-logo';
import { withPrefetchedAnswers } from '../src/lib/query/prefetched-answers';
import { clearBootScreen, runBootScript } from './support/boot-screen';
import { STUDENT, TEACHER } from './support/first-screen-users';

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The page's fetch, recording each request and answering it as the server would. */
function stubFetch(
  answer: (url: string) => unknown = () => ({ result: 0, error: '', data: null }),
) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push({
      method: request.method,
      url: request.url,
      headers: Object.fromEntries(request.headers),
      body: request.method === 'GET' ? '' : await request.text(),
    });
    return new Response(JSON.stringify(answer(request.url)), {
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return sent;
}

const origin = () => window.location.origin;

beforeEach(() => {
  clearBootScreen();
  window.history.replaceState(null, '', '/lms');
  document.cookie = 'token=tok%2Ben; path=/';
  document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearBootScreen();
});

describe("index.html's boot script, for a returning user", () => {
  it("sends the session check and the first screen's requests that name no one, as the client would", async () => {
    const sent = stubFetch();
    runBootScript();
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    const json = { accept: 'application/json', 'x-xsrf-token': 'xsrf-1' };
    const byUrl = (a: Sent, b: Sent) => (a.url < b.url ? -1 : 1);
    expect(sent.sort(byUrl)).toEqual(
      [
        {
          method: 'POST',
          url: `${origin()}/api/auth/enticate.json`,
          headers: { ...json, 'content-type': 'application/json' },
          body: JSON.stringify({ token: 'tok+en' }),
        },
        {
          method: 'POST',
          url: `${origin()}/api/misc/dinurls`,
          headers: { ...json, 'content-type': 'application/json' },
          body: '{}',
        },
        { method: 'GET', url: `${origin()}/config.json`, headers: json, body: '' },
      ].sort(byUrl),
    );
  });

  it("sends a visitor's login page only the university's logo and name, and the offline page nothing", async () => {
    document.cookie = 'token=; Max-Age=0; path=/';
    document.cookie = 'XSRF-TOKEN=; Max-Age=0; path=/';
    const sent = stubFetch();
    window.history.replaceState(null, '', '/lms/login');
    runBootScript();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent).toEqual([
      {
        method: 'GET',
        url: `${origin()}/api/logo.json`,
        headers: { accept: 'application/json' },
        body: '',
      },
    ]);

    clearBootScreen();
    window.history.replaceState(null, '', '/lms/offline');
    runBootScript();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(1);
  });

  it.each<[string, Layout]>([
    ['phone', 'phone'],
    ['desktop', 'desktop'],
  ])(
    'asks only for what the first screen of a %s asks, the session check apart',
    async (_, layout) => {
      const sent = stubFetch();
      runBootScript();
      await vi.waitFor(() => expect(sent).toHaveLength(3));
      for (const user of [TEACHER, STUDENT]) {
        const firstScreen = firstScreenRequests(user, layout).map(
          ({ method, path, body }) =>
            `${method.toUpperCase()} ${origin()}${path} ${body ? JSON.stringify(body) : ''}`,
        );
        const early = sent
          .filter((request) => !request.url.endsWith('/api/auth/enticate.json'))
          .map((request) => `${request.method} ${request.url} ${request.body}`);
        for (const request of early) expect(firstScreen).toContain(request);
      }
    },
  );
});

describe("the portal's client takes the boot script's answers", () => {
  const who = { uid: 22, id: 202, fullName: 'Бекова А.', role: 2, newsPerms: false };

  it('the session check once: its answer is the call’s, and the next call asks the server', async () => {
    const sent = stubFetch((url) =>
      url.endsWith('/api/auth/enticate.json')
        ? { result: 0, error: '', data: who }
        : { result: 0, error: '', data: null },
    );
    runBootScript();
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    // the page's own origin, as a browser resolves the client's paths
    const client = withPrefetchedAnswers(createLmsClient({ baseUrl: origin() }));

    expect(await authenticate(client)).toEqual(who);
    expect(sent).toHaveLength(3);

    expect(await authenticate(client)).toEqual(who);
    expect(sent).toHaveLength(4);
  });

  it("a visitor's logo: the login page's call takes the answer the boot script asked for", async () => {
    document.cookie = 'token=; Max-Age=0; path=/';
    const logo = { logo: '/api/logo.svg', width: 30, name: 'КНУ', fontsize: 16 };
    const sent = stubFetch(() => logo);
    window.history.replaceState(null, '', '/lms/login');
    runBootScript();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const client = withPrefetchedAnswers(createLmsClient({ baseUrl: origin() }));

    expect(await getLogo(client)).toEqual(logo);
    expect(sent).toHaveLength(1);
  });

  it('a request the boot script did not send goes to the server', async () => {
    const sent = stubFetch();
    runBootScript();
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    // the page's own origin, as a browser resolves the client's paths
    const client = withPrefetchedAnswers(createLmsClient({ baseUrl: origin() }));

    await client.post('/api/misc/defaultyear', { body: { uid: 22 } });
    expect(sent.map((request) => request.url)).toContain(`${origin()}/api/misc/defaultyear`);
    expect(sent).toHaveLength(4);
  });
});
