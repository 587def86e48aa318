import { describe, expect, it } from 'vitest';
import type { MockApp } from '../src/app.js';
import {
  Client,
  createTestApp,
  expectError,
  expectForbidden,
  resetWorld,
  signIn,
  type SignedIn,
} from './helpers.js';

const reset = (client: Client, body: Record<string, unknown> = {}, options = {}) =>
  client.postData<boolean>(
    '/api/passwd/reset.json',
    { password: 'Student1', newPassword: 'Ala-Too2026', uid: 20001, role: 2, ...body },
    options,
  );

/** The status auth/orize.json answers for a login and password. */
const loginStatus = async (app: MockApp, login: string, password: string) =>
  (await new Client(app).post('/api/auth/orize.json', { login, password })).status;

describe('passwd/reset.json', () => {
  it('changes the password: the new one works at the next login, the old one stops', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const { status, body } = await reset(student);
    expect(status).toBe(200);
    expect(body).toEqual({ result: 0, error: null, data: true });
    expect(await loginStatus(app, 'student', 'Ala-Too2026')).toBe(200);
    expect(await loginStatus(app, 'student', 'Student1')).toBe(401);
    // the session that changed it goes on, other accounts are untouched
    expect((await student.post('/api/profile/data.json', { uid: 20001, role: 2 })).status).toBe(
      200,
    );
    expect(await loginStatus(app, 'student2', 'Student2')).toBe(200);
    // and it can be changed again from the new one
    const again = await reset(student, { password: 'Ala-Too2026', newPassword: 'Issyk-Kul7' });
    expect(again.body.data).toBe(true);
    expect(await loginStatus(app, 'student', 'Issyk-Kul7')).toBe(200);
    expect(await loginStatus(app, 'student', 'Ala-Too2026')).toBe(401);
  });

  it('answers 200 with result 1 and data false for a wrong old password, changing nothing', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const { status, body } = await reset(teacher, {
      password: 'teacher1',
      newPassword: 'Bishkek2026',
      uid: 1001,
      role: 1,
    });
    expect(status).toBe(200);
    expect(body).toEqual({ result: 1, error: 'Неверный старый пароль', data: false });
    expect(await loginStatus(app, 'teacher', 'Teacher1')).toBe(200);
    expect(await loginStatus(app, 'teacher', 'Bishkek2026')).toBe(401);
  });

  it('is undone by POST /__mock/reset', async () => {
    const app = createTestApp();
    await reset(await signIn(app, 'student'));
    expect(await loginStatus(app, 'student', 'Student1')).toBe(401);
    await resetWorld(app);
    expect(await loginStatus(app, 'student', 'Student1')).toBe(200);
    expect(await loginStatus(app, 'student', 'Ala-Too2026')).toBe(401);
  });

  it('ends the account’s other sessions and keeps the one that changed it', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const otherDevice = await signIn(app, 'student');
    const thirdDevice = await signIn(app, 'student');
    const student2 = await signIn(app, 'student2');
    const card = (client: SignedIn) =>
      client.post('/api/profile/data.json', { uid: client.user.uid, role: client.user.role });
    for (const client of [student, otherDevice, thirdDevice, student2]) {
      expect((await card(client)).status).toBe(200);
    }
    // a wrong old password changes nothing, so it ends nothing
    expect((await reset(student, { password: 'wrong' })).body.data).toBe(false);
    expect((await card(otherDevice)).status).toBe(200);

    expect((await reset(student)).body).toEqual({ result: 0, error: null, data: true });
    for (const ended of [otherDevice, thirdDevice]) {
      await expectError(card(ended), 401, 'Unauthorized');
      // a write is refused as well, and authenticate does not bring the token back
      expect(
        (await reset(ended, { password: 'Ala-Too2026', newPassword: 'Back-2026' })).status,
      ).toBe(401);
      const token = /token=([^;]+)/.exec(ended.session?.cookie ?? '')?.[1];
      expect((await new Client(app).post('/api/auth/enticate.json', { token })).status).toBe(401);
    }
    // the session that changed it stays signed in, as does everyone else's
    expect((await card(student)).status).toBe(200);
    expect((await card(student2)).status).toBe(200);
    // and a new login with the new password works beside it
    expect((await card(await signIn(app, 'student', 'Ala-Too2026'))).status).toBe(200);
    expect((await card(student)).status).toBe(200);
  });

  it('answers 403 for another account’s uid and changes nothing', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    for (const target of [
      { uid: 20013, role: 2, password: 'Student2' },
      { uid: 1001, role: 1, password: 'Teacher1' },
      { uid: 20001, role: 1, password: 'Student1' },
    ]) {
      await expectForbidden(
        student.post('/api/passwd/reset.json', {
          ...target,
          newPassword: 'Hijack-2026',
        }),
      );
    }
    for (const [login, password] of [
      ['student', 'Student1'],
      ['student2', 'Student2'],
      ['teacher', 'Teacher1'],
    ] as const) {
      expect(await loginStatus(app, login, password)).toBe(200);
      expect(await loginStatus(app, login, 'Hijack-2026')).toBe(401);
    }
  });

  it('answers 403 without the XSRF header and changes nothing', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    expect((await reset(student, {}, { xsrf: false })).status).toBe(403);
    expect((await reset(student, {}, { headers: { 'X-XSRF-TOKEN': 'guess' } })).status).toBe(403);
    expect(await loginStatus(app, 'student', 'Student1')).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await reset(new Client(createTestApp()))).status).toBe(401);
  });

  it('answers 400 naming the field and changes nothing', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const cases: [Record<string, unknown>, string][] = [
      [{ newPassword: 'abc' }, 'body/newPassword: must NOT have fewer than 4 characters'],
      [{ password: '' }, 'body/password: must NOT have fewer than 1 characters'],
      [{ password: undefined }, 'body/password: is required'],
      [{ uid: '20001' }, 'body/uid: must be integer'],
      [{ role: 0 }, 'body/role: must be one of 1, 2'],
    ];
    for (const [fields, error] of cases) {
      const { status, body } = await reset(student, fields);
      expect(status).toBe(400);
      expect(body).toEqual({ result: 1, error, data: null });
    }
    expect(await loginStatus(app, 'student', 'Student1')).toBe(200);
  });
});
