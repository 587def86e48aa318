import { describe, expect, it } from 'vitest';
import { Client, createTestApp, expectError, signIn, type Schema } from './helpers.js';

type ProfileData = Schema<'ProfileData'>;

const profile = (client: Client, body: unknown = { uid: 20001, role: 2 }) =>
  client.postData<ProfileData>('/api/profile/data.json', body);

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

  it('answers the session’s own card whatever uid the body names', async () => {
    const student = await signIn(createTestApp(), 'student');
    const { body } = await profile(student, { uid: 1001, role: 1 });
    expect(body.data).toMatchObject({ uid: 20001, role: 2 });
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
