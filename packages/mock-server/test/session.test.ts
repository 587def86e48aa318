import { describe, expect, it } from 'vitest';
import {
  Client,
  createTestApp,
  expectBadRequest,
  expectError,
  passwords,
  signIn,
  type Envelope,
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
    expect(cookies.some((c) => /^token=[\w-]+; Path=\//.test(c))).toBe(true);
    expect(cookies.some((c) => /^XSRF-TOKEN=[\w-]+; Path=\//.test(c))).toBe(true);
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
  });

  it('answers 404 (envelope) for a path outside the contract', async () => {
    await expectError(
      createTestApp().request('/api/nothing-here.json', { method: 'POST' }),
      404,
      'Not found',
    );
  });
});
