import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMEOUT_HOLD_MS } from '../src/faults/faults.js';
import { Client, createTestApp, expectError, newsForm, newsPage, signIn } from './helpers.js';

const scenario = (value: string) => ({ headers: { 'X-Mock-Scenario': value } });
const newsBody = { id: 501, uid: 1001, role: 1, page: 1 };

// Waits are measured on a fake clock, never the machine's: a test moves the clock itself and
// checks whether an answer has come yet, so a busy machine cannot make it pass or fail.
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
afterEach(() => {
  vi.useRealTimers();
});

/** A request in flight, and whether its answer has come yet. */
function inFlight(answer: Response | Promise<Response>) {
  const request = { answered: false, response: Promise.resolve(answer) };
  void request.response.then(() => {
    request.answered = true;
  });
  return request;
}

/** Moves the fake clock on by `ms`, then lets what that released run to its end. */
async function advance(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
  await new Promise((resolve) => setImmediate(resolve));
}

describe('X-Mock-Scenario', () => {
  it('server-error answers 500 with an envelope', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const res = await teacher.post('/api/news/data.json', newsBody, scenario('server-error'));
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ result: 1, data: null, error: expect.any(String) });
  });

  it('client-error answers 400 with an envelope', async () => {
    const res = await createTestApp().request('/config.json', scenario('client-error'));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ result: 1, data: null });
  });

  it('result-error answers 200 with a truthy result and changes nothing', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const before = await newsPage(teacher);
    await expectError(
      teacher.postForm('/api/news/insert.json', newsForm(), scenario('result-error')),
      200,
      expect.any(String),
    );
    expect(await newsPage(teacher)).toEqual(before);
  });

  it('empty answers an empty list, or null for a single object', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const list = await teacher.post('/api/news/data.json', newsBody, scenario('empty'));
    expect(list.status).toBe(200);
    expect(await list.json()).toEqual({ result: 0, error: null, data: [] });
    const check = await teacher.post(
      '/api/news/check.json',
      { id: 501, type: 1 },
      scenario('empty'),
    );
    expect(await check.json()).toEqual({ result: 0, error: null, data: null });
  });

  it('slow=<ms> waits that long, then answers normally', async () => {
    const app = createTestApp();
    fakeClock();
    const slow = inFlight(app.request('/config.json', scenario('slow=120')));
    await advance(119);
    expect(slow.answered).toBe(false);
    await advance(1);
    expect(slow.answered).toBe(true);
    expect((await slow.response).status).toBe(200);
  });

  it('timeout does not answer until the client gives up', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    fakeClock();
    const controller = new AbortController();
    const held = inFlight(
      teacher.post('/api/news/data.json', newsBody, {
        ...scenario('timeout'),
        signal: controller.signal,
      }),
    );
    // past the portal's own 30 s timeout, up to the last moment of the hold: still no answer
    await advance(TIMEOUT_HOLD_MS - 1);
    expect(held.answered).toBe(false);
    // once the client is gone the server lets go at once, the clock unmoved (nobody reads this
    // answer)
    controller.abort();
    await advance(0);
    expect(held.answered).toBe(true);
    expect((await held.response).status).toBe(504);
  });

  it('refuses an unknown scenario with 400', async () => {
    const res = await createTestApp().request('/config.json', scenario('explode'));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: expect.stringContaining('unknown scenario') });
  });

  it('leaves static files and the control routes alone', async () => {
    const res = await createTestApp().request('/api/logo.svg', scenario('server-error'));
    expect(res.status).toBe(200);
  });
});

describe('global faults', () => {
  it('--error-rate 1 fails every operation with 500', async () => {
    const app = createTestApp({ errorRate: 1 });
    expect((await app.request('/config.json')).status).toBe(500);
    const login = await new Client(app).post('/api/auth/orize.json', {
      login: 'teacher',
      password: 'Teacher1',
    });
    expect(login.status).toBe(500);
  });

  it('--error-rate 0.5 fails about half, the same ones for the same seed', async () => {
    const run = async () => {
      const app = createTestApp({ errorRate: 0.5, seed: 3 });
      const statuses = [];
      for (let i = 0; i < 40; i++) statuses.push((await app.request('/config.json')).status);
      return statuses;
    };
    const statuses = await run();
    const failed = statuses.filter((s) => s === 500).length;
    expect(failed).toBeGreaterThan(8);
    expect(failed).toBeLessThan(32);
    expect(await run()).toEqual(statuses);
  });

  it('--latency delays every answer within the range', async () => {
    const app = createTestApp({ latency: [60, 80] });
    fakeClock();
    for (let i = 0; i < 5; i++) {
      const answer = inFlight(app.request('/config.json'));
      // not before the range starts, and by the time it ends
      await advance(59);
      expect(answer.answered).toBe(false);
      await advance(21);
      expect(answer.answered).toBe(true);
      expect((await answer.response).status).toBe(200);
    }
  });
});

describe('the mock_scenario cookie (for a browser, which cannot add a header)', () => {
  const withCookie = (teacher: Client, value: string) => ({
    headers: { cookie: `${teacher.session?.cookie ?? ''}; mock_scenario=${value}` },
  });

  it('applies a scenario to the path it names and leaves other calls alone', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const cookie = withCookie(teacher, 'server-error@/api/news/data.json,empty@/api/misc/years');
    const news = await teacher.post('/api/news/data.json', newsBody, cookie);
    expect(news.status).toBe(500);
    expect(await news.json()).toMatchObject({ result: 1, data: null });
    const years = await teacher.post('/api/misc/years', {}, cookie);
    expect(await years.json()).toEqual({ result: 0, error: null, data: [] });
    const config = await teacher.get('/config.json', cookie);
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({ name: expect.any(String) });
  });

  it('without a path applies to every call, and the header wins over it', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const everywhere = withCookie(teacher, 'client-error');
    expect((await teacher.get('/config.json', everywhere)).status).toBe(400);
    const both = {
      headers: { ...everywhere.headers, 'X-Mock-Scenario': 'empty' },
    };
    const news = await teacher.post('/api/news/data.json', newsBody, both);
    expect(await news.json()).toEqual({ result: 0, error: null, data: [] });
  });

  it('answers 400 naming the cookie for an unknown scenario', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const res = await teacher.get('/config.json', withCookie(teacher, 'explode'));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      result: 1,
      error: expect.stringContaining('mock_scenario cookie: unknown scenario "explode"'),
    });
  });
});
