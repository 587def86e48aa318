import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED } from '../src/security.js';
import {
  LOGIN_WINDOW_MS,
  MAX_TRACKED,
  loginThrottleSlice,
} from '../src/world/core/login-throttle.js';
import { accountsSlice } from '../src/world/core/accounts.js';
import { MAX_SESSIONS, sessionsSlice, startSession } from '../src/world/core/sessions.js';
import {
  Client,
  createTestApp,
  expectBadRequest,
  expectError,
  newsPage,
  passwords,
  resetWorld,
  signIn,
  type Envelope,
  type MockApp,
  type Schema,
} from './helpers.js';

type User = Schema<'User'>;

describe('config and logo', () => {
  it('serves /config.json with the portal name per language and the upload limit', async () => {
    const res = await createTestApp({ maxSizeMb: 5 }).request('/config.json');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      name: 'Университетский портал LMS',
      names: { kg: 'Университеттик LMS портал', en: 'University LMS portal' },
      maxSizeMb: 5,
      apiBase: '/api',
      absenceWarningPercent: 25,
    });
    const strict = await createTestApp({ absenceWarningPercent: 10 }).request('/config.json');
    expect(await strict.json()).toMatchObject({ absenceWarningPercent: 10 });
  });

  it('serves logo.json and the image it points to', async () => {
    const app = createTestApp();
    const logo = (await (await app.request('/api/logo.json')).json()) as Schema<'LogoInfo'>;
    expect(logo).toMatchObject({ width: 30, fontsize: 16, name: expect.any(String) });
    const image = await app.request(logo.logo);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await image.text()).toContain('<svg');
  });
});

describe('login (auth/orize.json)', () => {
  it.each([
    ['teacher', { role: 1, newsPerms: true, group: null }],
    ['teacher2', { role: 1, newsPerms: false, group: null }],
    ['student', { role: 2, newsPerms: false }],
    ['student2', { role: 2, newsPerms: false }],
  ] as const)('logs %s in and sets readable token and XSRF-TOKEN cookies', async (login, user) => {
    const res = await new Client(createTestApp()).post('/api/auth/orize.json', {
      login,
      password: passwords[login],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Envelope<User>;
    expect(body).toMatchObject({ result: 0, error: null, data: user });
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => /^token=[\w-]+;.* Path=\/;/.test(c))).toBe(true);
    expect(cookies.some((c) => /^XSRF-TOKEN=[\w-]+;.* Path=\/;/.test(c))).toBe(true);
    // the portal's script reads both
    expect(cookies.some((c) => /HttpOnly/i.test(c))).toBe(false);
  });

  it('puts the two demo students in different groups', async () => {
    const app = createTestApp();
    const groups = [];
    for (const login of ['student', 'student2'] as const) {
      const res = await new Client(app).post('/api/auth/orize.json', {
        login,
        password: passwords[login],
      });
      groups.push(((await res.json()) as Envelope<User>).data.id_group);
    }
    expect(groups[0]).not.toBeNull();
    expect(groups[0]).not.toBe(groups[1]);
  });

  it('answers 401 for a wrong password or an unknown login', async () => {
    const client = new Client(createTestApp());
    for (const body of [
      { login: 'teacher', password: 'Teacher2' },
      { login: 'nobody', password: 'Teacher1' },
    ]) {
      const res = await client.post('/api/auth/orize.json', body);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ result: 1, data: null });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('answers 400 naming the field for bad bodies', async () => {
    const client = new Client(createTestApp());
    const cases: [unknown, string][] = [
      ['{"login": "teacher",', 'body: malformed JSON'],
      [{ login: 'teacher' }, 'body/password: is required'],
      [{ login: 'teacher', password: 123456 }, 'body/password: must be string'],
      [
        { login: 'teacher', password: 'ab' },
        'body/password: must NOT have fewer than 3 characters',
      ],
      ['', 'body: is required'],
    ];
    for (const [body, error] of cases)
      await expectError(client.post('/api/auth/orize.json', body), 400, error);
  });

  it('answers 400 for a body that is not JSON', async () => {
    await expectBadRequest(
      createTestApp().request('/api/auth/orize.json', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'login=teacher',
      }),
      'body: must be sent as application/json',
    );
  });
});

describe('token authentication (auth/enticate.json)', () => {
  it('accepts the token of a live session', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const token = /token=([^;]+)/.exec(teacher.session?.cookie ?? '')?.[1];
    const { status, body } = await new Client(app).postData<User>('/api/auth/enticate.json', {
      token,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ uid: 1001, fullName: 'Асанов Бакыт Эркинович' });
  });

  it('answers 401 for an unknown token', async () => {
    const { status, body } = await new Client(createTestApp()).postData('/api/auth/enticate.json', {
      token: 'not-a-session',
    });
    expect(status).toBe(401);
    expect(body).toEqual({ result: 1, error: 'Unauthorized', data: null });
  });
});

describe('sessions', () => {
  it('answers 401 without a session on every non-public operation', async () => {
    const client = new Client(createTestApp());
    expect(
      (await client.post('/api/news/data.json', { id: 1, uid: 1, role: 1, page: 1 })).status,
    ).toBe(401);
    expect((await client.post('/api/auth/logout.json', { logout: true })).status).toBe(401);
    expect((await client.get('/lms/api/news/download.file?filename=1_a.pdf&type=4')).status).toBe(
      401,
    );
    const forged = new Client(client.app, { cookie: 'token=forged', xsrf: 'forged' });
    expect(
      (await forged.post('/api/news/data.json', { id: 1, uid: 1, role: 1, page: 1 })).status,
    ).toBe(401);
  });

  it('logout needs the XSRF header, then ends the session and clears the cookies', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const elsewhere = await signIn(app, 'teacher');
    const refused = await teacher.post('/api/auth/logout.json', { logout: true }, { xsrf: false });
    expect(refused.status).toBe(403);
    expect(
      (await teacher.post('/api/news/data.json', { id: 501, uid: 1001, role: 1, page: 1 })).status,
    ).toBe(200);

    const res = await teacher.post('/api/auth/logout.json', { logout: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: 0, error: null, data: true });
    expect(res.headers.getSetCookie().join()).toMatch(/token=; Max-Age=0/);
    expect(
      (await teacher.post('/api/news/data.json', { id: 501, uid: 1001, role: 1, page: 1 })).status,
    ).toBe(401);
    // x-owner: it ends the session its cookie names, nobody else's (not the account's others)
    expect(
      (await elsewhere.post('/api/news/data.json', { id: 501, uid: 1001, role: 1, page: 1 }))
        .status,
    ).toBe(200);
  });

  it('answers 404 (envelope) for a path outside the contract', async () => {
    await expectError(
      createTestApp().request('/api/nothing-here.json', { method: 'POST' }),
      404,
      'Not found',
    );
  });
});

describe('session expiry', () => {
  const start = new Date('2026-11-20T09:00:00+06:00');
  afterEach(() => vi.useRealTimers());
  /** Real time as the sessions see it, moved by hand. */
  const clockAt = (date: Date) => vi.useFakeTimers({ toFake: ['Date'], now: date });
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
  const tokenOf = (client: Client) => /token=([^;]+)/.exec(client.session?.cookie ?? '')?.[1];
  const HOUR = 3_600_000;

  it('gives both cookies the session’s lifetime: a day by default', async () => {
    clockAt(start);
    const res = await new Client(createTestApp()).post('/api/auth/orize.json', {
      login: 'teacher',
      password: passwords.teacher,
    });
    const expires = new Date(start.getTime() + 24 * HOUR).toUTCString();
    const cookies = res.headers.getSetCookie();
    expect(cookies).toHaveLength(2);
    for (const name of ['token', 'XSRF-TOKEN']) {
      const cookie = cookies.find((c) => c.startsWith(`${name}=`)) ?? '';
      expect(cookie).toContain('Max-Age=86400');
      expect(cookie).toContain(`Expires=${expires}`);
    }
  });

  it('ends a session after sessionHours with a 401 that says so, however it is used', async () => {
    clockAt(start);
    const app = createTestApp({ sessionHours: 2 });
    const teacher = await signIn(app, 'teacher');
    later(2 * HOUR - 1000);
    expect((await newsPage(teacher)).status).toBe(200);
    // authenticating by the token keeps the expiry: the cookies get the second that is left
    const renewed = await new Client(app).post('/api/auth/enticate.json', {
      token: tokenOf(teacher),
    });
    expect(renewed.status).toBe(200);
    expect(renewed.headers.getSetCookie().join()).toContain('Max-Age=1;');

    later(1000);
    expect(await newsPage(teacher)).toEqual({
      status: 401,
      body: { result: 1, error: SESSION_EXPIRED, data: null },
    });
    await expectError(
      new Client(app).post('/api/auth/enticate.json', { token: tokenOf(teacher) }),
      401,
      SESSION_EXPIRED,
    );
    // a write with the expired session is refused before its XSRF check
    await expectError(
      teacher.post('/api/auth/logout.json', { logout: true }),
      401,
      SESSION_EXPIRED,
    );
    // signing in again starts a new session
    expect((await newsPage(await signIn(app, 'teacher'))).status).toBe(200);
  });

  it('forgets expired sessions once they are a session length old, and keeps at most MAX_SESSIONS', async () => {
    clockAt(start);
    const app = createTestApp({ sessionHours: 1 });
    const first = await signIn(app, 'student');
    later(2 * HOUR + 1000);
    await signIn(app, 'student'); // a login sweeps what has long expired
    const sessions = app.store.get(sessionsSlice);
    expect(sessions.size).toBe(1);
    // the first session is no longer known at all: a plain 401
    expect((await newsPage(first)).body).toEqual({ result: 1, error: 'Unauthorized', data: null });

    // many logins within a session length: the oldest are signed out past MAX_SESSIONS
    const account = app.store.get(accountsSlice).byLogin.get('student');
    if (!account) throw new Error('no demo student');
    for (let i = sessions.size; i < MAX_SESSIONS; i++) startSession(app.store, account, HOUR);
    const [oldest, second] = sessions.keys();
    startSession(app.store, account, HOUR);
    expect(sessions.size).toBe(MAX_SESSIONS);
    expect([sessions.has(oldest ?? ''), sessions.has(second ?? '')]).toEqual([false, true]);
  });

  it('refuses a session length that is not positive or past the 400 days a cookie may last', () => {
    expect(() => createTestApp({ sessionHours: 0 })).toThrow(RangeError);
    expect(() => createTestApp({ sessionHours: 400 * 24 + 1 })).toThrow(RangeError);
    expect(() => createTestApp({ sessionHours: 400 * 24 })).not.toThrow();
  });
});

describe('login throttling', () => {
  const start = new Date('2026-11-20T09:00:00+06:00');
  afterEach(() => vi.useRealTimers());
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

  /** A login attempt from a client address (the socket's, as the server sees it). */
  const attempt = (app: MockApp, login: string, password: string, address = '198.51.100.7') =>
    app.request(
      '/api/auth/orize.json',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login, password }),
      },
      { incoming: { socket: { remoteAddress: address } } },
    );

  /** Expects the 429 envelope with Retry-After in whole seconds, and no cookies. */
  async function expectThrottled(res: Response | Promise<Response>, retryAfter: number) {
    const answer = await res;
    expect(answer.status).toBe(429);
    expect(answer.headers.get('Retry-After')).toBe(String(retryAfter));
    expect(answer.headers.getSetCookie()).toEqual([]);
    expect(await answer.json()).toEqual({
      result: 1,
      error: `Too many failed logins: try again in ${retryAfter} s`,
      data: null,
    });
  }

  it('holds a login back after 5 failures in a minute, even with the right password, until the window passes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const app = createTestApp();
    // five failures a second apart; the login's case and spaces do not make it another login
    for (const login of ['teacher', 'Teacher', ' TEACHER ', 'teacher', 'teacher']) {
      expect((await attempt(app, login, 'wrong-password')).status).toBe(401);
      later(1000);
    }
    // 5 s after the first failure: 55 s to go, for the right password as for a wrong one
    await expectThrottled(attempt(app, 'teacher', passwords.teacher), 55);
    await expectThrottled(attempt(app, 'teacher', passwords.teacher, '203.0.113.9'), 55);
    for (let i = 0; i < 30; i++) await expectThrottled(attempt(app, 'teacher', 'guess'), 55);
    // the refused attempts were not counted; other logins from the same address still sign in
    expect((await attempt(app, 'student', passwords.student)).status).toBe(200);
    later(54_000);
    await expectThrottled(attempt(app, 'teacher', passwords.teacher), 1);
    later(1000); // the first failure is a minute old: four remain in the window
    expect((await attempt(app, 'teacher', passwords.teacher)).status).toBe(200);
  });

  it('never holds back logins that succeed, and a success clears its login’s failures', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const app = createTestApp();
    for (let i = 0; i < 100; i++) {
      expect((await attempt(app, 'student', passwords.student)).status).toBe(200);
    }
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await attempt(app, 'student', 'typo')).status).toBe(401);
      expect((await attempt(app, 'student', passwords.student)).status).toBe(200);
    }
  });

  it('holds an address back after 20 failures in a minute, whichever logins they were for', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const app = createTestApp();
    for (let i = 0; i < 20; i++) {
      expect((await attempt(app, `nobody${i}`, 'Password1', '192.0.2.1')).status).toBe(401);
    }
    await expectThrottled(attempt(app, 'teacher', passwords.teacher, '192.0.2.1'), 60);
    // another address is not held back, nor are the logins tried
    expect((await attempt(app, 'teacher', passwords.teacher, '192.0.2.2')).status).toBe(200);
    expect((await attempt(app, 'nobody0', 'Password1', '192.0.2.2')).status).toBe(401);
    later(LOGIN_WINDOW_MS);
    expect((await attempt(app, 'teacher', passwords.teacher, '192.0.2.1')).status).toBe(200);
  });

  it('is forgotten by POST /__mock/reset', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const app = createTestApp();
    for (let i = 0; i < 5; i++) await attempt(app, 'teacher', 'wrong-password');
    expect((await attempt(app, 'teacher', passwords.teacher)).status).toBe(429);
    await resetWorld(app);
    expect((await attempt(app, 'teacher', passwords.teacher)).status).toBe(200);
  });

  it('tracks a bounded number of logins and addresses, dropping those with no failure in the window', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const app = createTestApp();
    const { byLogin, byAddress } = app.store.get(loginThrottleSlice);
    for (let i = 0; i < 30; i++) await attempt(app, `nobody${i}`, 'Password1', `10.0.0.${i}`);
    expect([byLogin.size, byAddress.size]).toEqual([30, 30]);
    later(LOGIN_WINDOW_MS);
    await attempt(app, 'nobody', 'Password1', '10.0.1.1');
    expect([byLogin.size, byAddress.size]).toEqual([1, 1]);
    // a flood of new names within one window: the log stays at MAX_TRACKED
    const now = Date.now();
    for (let i = 0; i < MAX_TRACKED + 10; i++) byLogin.record(`name${i}`, now);
    expect(byLogin.size).toBe(MAX_TRACKED);
  });
});
