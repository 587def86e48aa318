import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_EXPIRED } from '../src/security.js';
import {
  FIRST_HOLD_MS,
  FORGET_MS,
  HOT_FAILURES,
  MAX_HOLD_MS,
  MAX_TRACKED,
  holdMs,
  loginThrottleSlice,
} from '../src/world/core/login-throttle.js';
import { accountsSlice } from '../src/world/core/accounts.js';
import { SESSIONS_PER_ACCOUNT, sessionsSlice } from '../src/world/core/sessions.js';
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
  type DemoLogin,
  type MockApp,
  type Schema,
  type SignedIn,
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

  it('forgets expired sessions once they are a session length old', async () => {
    clockAt(start);
    const app = createTestApp({ sessionHours: 1 });
    const first = await signIn(app, 'student');
    later(2 * HOUR + 1000);
    await signIn(app, 'student'); // a login sweeps its account's sessions that have long expired
    const sessions = app.store.get(sessionsSlice);
    expect(sessions.size).toBe(1);
    // the first session is no longer known at all: a plain 401
    expect((await newsPage(first)).body).toEqual({ result: 1, error: 'Unauthorized', data: null });
  });

  it('refuses a session length that is not positive or past the 400 days a cookie may last', () => {
    expect(() => createTestApp({ sessionHours: 0 })).toThrow(RangeError);
    expect(() => createTestApp({ sessionHours: 400 * 24 + 1 })).toThrow(RangeError);
    expect(() => createTestApp({ sessionHours: 400 * 24 })).not.toThrow();
  });
});

describe('sessions per account', () => {
  const others = ['teacher', 'teacher2', 'student2', 'student3'] as const;

  it('keeps 10,000 logins of one account from signing anyone else out', async () => {
    const app = createTestApp();
    const signedIn = await Promise.all(others.map((login) => signIn(app, login)));
    const started = performance.now();
    const students: SignedIn[] = [];
    for (let i = 0; i < 10_000; i++) {
      const student = await signIn(app, 'student');
      if (i >= 10_000 - SESSIONS_PER_ACCOUNT - 1) students.push(student);
    }
    console.info(
      `10,000 logins of one account in-process: ${Math.round(performance.now() - started)} ms`,
    );
    for (const [i, client] of signedIn.entries()) {
      expect((await newsPage(client)).status, others[i]).toBe(200);
    }
    // the student's own newest sessions live; the one before them was signed out
    const [signedOut, ...newest] = students;
    expect(newest).toHaveLength(SESSIONS_PER_ACCOUNT);
    for (const client of newest) expect((await newsPage(client)).status).toBe(200);
    expect((await newsPage(signedOut!)).body).toEqual({
      result: 1,
      error: 'Unauthorized',
      data: null,
    });
    const sessions = app.store.get(sessionsSlice);
    expect(sessions.of('student')).toHaveLength(SESSIONS_PER_ACCOUNT);
    expect(sessions.size).toBe(SESSIONS_PER_ACCOUNT + others.length);
  });

  it('ends only the same account’s oldest session past the cap, and bounds the table by the accounts', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const first = await signIn(app, 'student2');
    for (let i = 1; i < SESSIONS_PER_ACCOUNT; i++) await signIn(app, 'student2');
    expect((await newsPage(first)).status).toBe(200); // the cap, not past it
    const latest = await signIn(app, 'student2');
    expect((await newsPage(first)).status).toBe(401);
    expect((await newsPage(latest)).status).toBe(200);
    expect((await newsPage(teacher)).status).toBe(200);

    // every account signing in without end: the table holds at most the cap for each account
    const accounts = [...app.store.get(accountsSlice).byLogin.keys()];
    for (let round = 0; round < SESSIONS_PER_ACCOUNT + 5; round++) {
      for (const login of accounts) await signIn(app, login as DemoLogin);
    }
    expect(app.store.get(sessionsSlice).size).toBe(SESSIONS_PER_ACCOUNT * accounts.length);
  });
});

describe('login throttling', () => {
  const start = new Date('2026-11-20T09:00:00+06:00');
  afterEach(() => vi.useRealTimers());
  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
  const SECOND = 1000;

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
  const statusOf = async (res: Response | Promise<Response>) => (await res).status;

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

  it('holds (login, address) back after 5 failures, even with the right password, for 15 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const app = createTestApp();
    // five failures a second apart; the login's case and spaces do not make it another login
    for (const login of ['teacher', 'Teacher', ' TEACHER ', 'teacher', 'teacher']) {
      expect(await statusOf(attempt(app, login, 'wrong-password'))).toBe(401);
      later(SECOND);
    }
    // 1 s after the fifth failure: 14 s to go, for the right password as for a wrong one
    await expectThrottled(attempt(app, 'teacher', passwords.teacher), 14);
    for (let i = 0; i < 30; i++) await expectThrottled(attempt(app, 'teacher', 'guess'), 14);
    // the refused attempts were not counted; other logins from the same address sign in
    expect(await statusOf(attempt(app, 'student', passwords.student))).toBe(200);
    later(13 * SECOND);
    await expectThrottled(attempt(app, 'teacher', passwords.teacher), 1);
    later(SECOND);
    expect(await statusOf(attempt(app, 'teacher', passwords.teacher))).toBe(200);
  });

  it('leaves the owner signed in and signing in elsewhere after 20 wrong passwords from one address', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const app = createTestApp();
    const open = await signIn(app, 'teacher');
    const answers = [];
    for (let i = 0; i < 20; i++)
      answers.push(await statusOf(attempt(app, 'teacher', `guess${i}`, '192.0.2.66')));
    expect(answers).toEqual([...Array<number>(5).fill(401), ...Array<number>(15).fill(429)]);
    // the teacher's open session, and the right password from another address, are unaffected
    expect((await newsPage(open)).status).toBe(200);
    expect(await statusOf(attempt(app, 'teacher', passwords.teacher, '203.0.113.9'))).toBe(200);
    expect((await newsPage(open)).status).toBe(200);
    // the guessing address alone waits
    await expectThrottled(attempt(app, 'teacher', passwords.teacher, '192.0.2.66'), 15);
  });

  it('doubles the hold with each further failure, up to 15 minutes, and forgets a pair an hour after its last failure', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const app = createTestApp();
    for (let i = 0; i < 5; i++) await attempt(app, 'student', 'wrong-password');
    const holds = [];
    for (let failure = 6; failure <= 12; failure++) {
      const answer = await attempt(app, 'student', 'wrong-password');
      expect(answer.status).toBe(429);
      const seconds = Number(answer.headers.get('Retry-After'));
      holds.push(seconds);
      later(seconds * SECOND);
      expect(await statusOf(attempt(app, 'student', 'wrong-password'))).toBe(401);
    }
    expect(holds).toEqual([15, 30, 60, 120, 240, 480, 900]);
    expect(holdMs(40, 5)).toBe(MAX_HOLD_MS);
    await expectThrottled(attempt(app, 'student', passwords.student), MAX_HOLD_MS / SECOND);
    later(FORGET_MS);
    // forgotten: five more failures before the next hold
    for (let i = 0; i < 5; i++) expect(await statusOf(attempt(app, 'student', 'typo'))).toBe(401);
    await expectThrottled(attempt(app, 'student', passwords.student), FIRST_HOLD_MS / SECOND);
  });

  it('never holds back logins that succeed, and a success clears its own pair’s failures', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const app = createTestApp();
    for (let i = 0; i < 100; i++) {
      expect(await statusOf(attempt(app, 'student', passwords.student))).toBe(200);
    }
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect(await statusOf(attempt(app, 'student', 'typo'))).toBe(401);
      expect(await statusOf(attempt(app, 'student', passwords.student))).toBe(200);
    }
    // a success from another address clears only that address's pair
    for (let i = 0; i < 5; i++) await attempt(app, 'student', 'typo', '192.0.2.1');
    expect(await statusOf(attempt(app, 'student', passwords.student, '192.0.2.2'))).toBe(200);
    expect(await statusOf(attempt(app, 'student', passwords.student, '192.0.2.1'))).toBe(429);
  });

  it('slows an address failing across many logins on its failures only: the right password of others behind it still signs in', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const app = createTestApp();
    const nat = '192.0.2.10';
    for (let i = 0; i < HOT_FAILURES; i++) {
      expect(await statusOf(attempt(app, `nobody${i}`, 'Password1', nat))).toBe(401);
    }
    // every account behind the address whose pair has not failed signs in at once
    for (const login of ['teacher', 'student', 'student3'] as const) {
      expect(await statusOf(attempt(app, login, passwords[login], nat))).toBe(200);
    }
    // one failure is enough to hold a pair of the hot address: the next guess waits 15 s
    expect(await statusOf(attempt(app, 'student2', 'typo', nat))).toBe(401);
    await expectThrottled(attempt(app, 'student2', passwords.student2, nat), 15);
    await expectThrottled(attempt(app, 'nobody0', 'Password2', nat), 15);
    // another address is not slowed at all
    expect(await statusOf(attempt(app, 'nobody0', 'Password1', '192.0.2.11'))).toBe(401);
    expect(await statusOf(attempt(app, 'nobody0', 'Password1', '192.0.2.11'))).toBe(401);
    later(15 * SECOND);
    expect(await statusOf(attempt(app, 'student2', passwords.student2, nat))).toBe(200);
  });

  it('slows a login guessed from many addresses at each guessing address, never at the owner’s', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const app = createTestApp();
    for (let i = 0; i < HOT_FAILURES; i++) {
      expect(await statusOf(attempt(app, 'teacher', 'guess', `10.1.0.${i}`))).toBe(401);
    }
    await expectThrottled(attempt(app, 'teacher', 'guess', '10.1.0.3'), 15);
    expect(await statusOf(attempt(app, 'teacher', passwords.teacher, '203.0.113.50'))).toBe(200);
  });

  it('is forgotten by POST /__mock/reset', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const app = createTestApp();
    for (let i = 0; i < 5; i++) await attempt(app, 'teacher', 'wrong-password');
    expect(await statusOf(attempt(app, 'teacher', passwords.teacher))).toBe(429);
    await resetWorld(app);
    expect(await statusOf(attempt(app, 'teacher', passwords.teacher))).toBe(200);
  });

  it('tracks a bounded number of pairs, logins and addresses, dropping stale ones', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const app = createTestApp();
    const { pairs, logins, addresses } = app.store.get(loginThrottleSlice);
    for (let i = 0; i < 30; i++) await attempt(app, `nobody${i}`, 'Password1', `10.0.0.${i}`);
    expect([pairs.size, logins.size, addresses.size]).toEqual([30, 30, 30]);
    later(FORGET_MS);
    await attempt(app, 'nobody', 'Password1', '10.0.1.1');
    expect([pairs.size, logins.size, addresses.size]).toEqual([1, 1, 1]);
    // a flood of new names within one window: each log stays at MAX_TRACKED
    const now = Date.now();
    for (let i = 0; i < MAX_TRACKED + 10; i++) {
      pairs.record(`name${i}`, now);
      logins.record(`name${i}`, now);
    }
    expect([pairs.size, logins.size]).toEqual([MAX_TRACKED, MAX_TRACKED]);
  });

  it('reads the client from X-Real-IP only with trustProxy, and only on a loopback connection', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    const fromProxy = (app: MockApp, password: string, client: string, connection = '127.0.0.1') =>
      app.request(
        '/api/auth/orize.json',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-real-ip': client },
          body: JSON.stringify({ login: 'teacher', password }),
        },
        { incoming: { socket: { remoteAddress: connection } } },
      );
    const proxied = createTestApp({ trustProxy: true });
    for (let i = 0; i < 5; i++) await fromProxy(proxied, 'guess', '198.51.100.1');
    expect(await statusOf(fromProxy(proxied, passwords.teacher, '198.51.100.1'))).toBe(429);
    // the owner, through the same proxy, is another client
    expect(await statusOf(fromProxy(proxied, passwords.teacher, '198.51.100.2'))).toBe(200);
    // a client that is not on this machine cannot name itself
    for (let i = 0; i < 5; i++)
      await fromProxy(proxied, 'guess', `198.51.100.${10 + i}`, '203.0.113.1');
    expect(
      await statusOf(fromProxy(proxied, passwords.teacher, '198.51.100.20', '203.0.113.1')),
    ).toBe(429);

    const direct = createTestApp();
    for (let i = 0; i < 5; i++) await fromProxy(direct, 'guess', `198.51.100.${i}`);
    expect(await statusOf(fromProxy(direct, passwords.teacher, '198.51.100.99'))).toBe(429);
  });

  it('refuses a login longer than the contract’s 128 characters before counting it', async () => {
    const app = createTestApp();
    await expectBadRequest(
      attempt(app, 'x'.repeat(129), 'Password1'),
      'body/login: must NOT have more than 128 characters',
    );
    expect(app.store.get(loginThrottleSlice).pairs.size).toBe(0);
  });
});
