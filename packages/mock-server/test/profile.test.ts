import { describe, expect, it } from 'vitest';
import {
  Client,
  createTestApp,
  expectError,
  signIn,
  type Schema,
  type SignedIn,
} from './helpers.js';

type ProfileData = Schema<'ProfileData'>;

/** The card as the signed-in client asks for it (uid and role are theirs unless `body` says). */
const profile = (
  client: SignedIn,
  body: unknown = { uid: client.user.uid, role: client.user.role },
) => client.postData<ProfileData>('/api/profile/data.json', body);

describe('profile/data.json', () => {
  it('shows the demo student’s card: group, speciality and faculty, no kafedra', async () => {
    const student = await signIn(createTestApp(), 'student');
    const { status, body } = await profile(student);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      uid: 20001,
      id: 7001,
      role: 2,
      fullName: 'Токтогулова Айпери Нурлановна',
      birthDate: '2008-03-14',
      faculty: 'Факультет информационных технологий',
      speciality: 'Прикладная информатика',
      group: 'ПИ-1-26',
      kafedra: null,
      email: 'a.toktogulova@stud.knu.kg',
      phone: '+996 555 123 456',
    });
  });

  it('shows a teacher’s kafedra and no group or speciality', async () => {
    const app = createTestApp();
    const { body } = await profile(await signIn(app, 'teacher'), { uid: 1001, role: 1 });
    expect(body.data).toMatchObject({
      uid: 1001,
      id: 501,
      role: 1,
      fullName: 'Асанов Бакыт Эркинович',
      faculty: 'Факультет информационных технологий',
      kafedra: 'Кафедра программной инженерии',
      speciality: null,
      group: null,
      email: 'b.asanov@knu.kg',
    });
    const other = (await profile(await signIn(app, 'student2'), { uid: 20013, role: 2 })).body.data;
    expect(other).toMatchObject({
      id: 7013,
      group: 'ПИ-2-26',
      fullName: 'Иванов Дмитрий Сергеевич',
    });
    expect(other.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers 403 for another person’s card (x-owner: uid and role name the caller)', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const refused: [SignedIn, object, string][] = [
      [student, { uid: 20013, role: 2 }, 'uid'],
      [student, { uid: 1001, role: 1 }, 'uid'],
      [student, { uid: 20001, role: 1 }, 'role'],
      [await signIn(app, 'teacher'), { uid: 1002, role: 1 }, 'uid'],
    ];
    for (const [client, body, field] of refused) {
      const res = await profile(client, body);
      expect(res).toEqual({
        status: 403,
        body: { result: 1, error: `Forbidden: body/${field} names another person`, data: null },
      });
    }
    // the session's own card still answers
    expect((await profile(student)).body.data).toMatchObject({ uid: 20001, role: 2 });
  });

  it('gives the same cards for the same seed', async () => {
    const a = await profile(await signIn(createTestApp({ seed: 7 }), 'student2'));
    const b = await profile(await signIn(createTestApp({ seed: 7 }), 'student2'));
    expect(a).toEqual(b);
  });

  it('answers 401 without a session', async () => {
    const res = await new Client(createTestApp()).post('/api/profile/data.json', {
      uid: 20001,
      role: 2,
    });
    expect(res.status).toBe(401);
  });

  it('answers 400 naming the field', async () => {
    const student = await signIn(createTestApp(), 'student');
    const cases: [unknown, string][] = [
      [{ uid: 20001 }, 'body/role: is required'],
      [{ uid: '20001', role: 2 }, 'body/uid: must be integer'],
      [{ uid: 20001, role: 3 }, 'body/role: must be one of 1, 2'],
    ];
    for (const [body, error] of cases)
      await expectError(student.post('/api/profile/data.json', body), 400, error);
  });
});
