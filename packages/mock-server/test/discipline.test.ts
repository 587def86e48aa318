import { describe, expect, it } from 'vitest';
import { CURRENT_WS, CURRENT_YEAR_ID } from '../src/world/core/calendar.js';
import {
  chatQuery,
  Client,
  createTestApp,
  DEMO_IDS,
  expectError,
  resetWorld,
  signIn,
  signInDemo as setup,
  studentDisciplines,
  teacherDisciplines,
  type Envelope,
  type SignedIn,
  type Schema,
} from './helpers.js';

const { TEACHER, TEACHER2, STUDENT, GROUP, GROUP2, STREAM } = DEMO_IDS;
const year = CURRENT_YEAR_ID;
const ws = CURRENT_WS;

type Group = Schema<'Group'>;
type Contact = Schema<'ChatContact'>;

const data = async <T>(client: Client, path: string, body: object) => {
  const res = await client.postData<T>(path, body);
  expect(res.status).toBe(200);
  return res.body.data;
};
/** A request of the signed-in client (uid is theirs) this year and ws, with the operation's fields. */
const bodyOf = <T extends object>(client: SignedIn, fields = {} as T) => ({
  uid: client.user.uid,
  year,
  ws,
  ...fields,
});
/** A semesters request for a discipline of the demo group. */
const semesterBody = (client: SignedIn, id_discipline: number) =>
  bodyOf(client, { id_discipline, id_group: GROUP });
/** A groups request for a discipline of the demo group in its first semester. */
const groupBody = (client: SignedIn, id_discipline: number) =>
  bodyOf(client, { id_discipline, id_semester: 1, id_group: GROUP });
/** A contacts request for a discipline of a group or stream in the first semester. */
const contactsBody = (client: SignedIn, id_discipline: number, id_group = GROUP, isPotok = false) =>
  bodyOf(client, { id_discipline, id_semester: 1, id_group, isPotok });

/**
 * Expects each role's operation to refuse the other role 403: the teacher's `teacherPath` the
 * student, the student's `studentPath` the teacher, each asked with its caller's `body`.
 */
async function expectOtherRoleRefused(
  { teacher, student }: { teacher: SignedIn; student: SignedIn },
  teacherPath: string,
  studentPath: string,
  body: (client: SignedIn) => object,
) {
  expect((await student.post(teacherPath, body(student))).status).toBe(403);
  expect((await teacher.post(studentPath, body(teacher))).status).toBe(403);
}

describe('discipline/current', () => {
  it('lists the semester halves and the academic years, the current one first', async () => {
    const student = await signIn(createTestApp(), 'student');
    const halves = await student.get('/api/discipline/current/ws.json');
    expect(halves.status).toBe(200);
    expect(await halves.json()).toEqual({
      result: 0,
      error: null,
      data: [
        { ws: 1, name: 'Осенний' },
        { ws: 2, name: 'Весенний' },
        { ws: 3, name: 'Летний' },
      ],
    });
    const years = (await (
      await student.get('/api/discipline/current/year.json')
    ).json()) as Envelope<Schema<'AcademicYear'>[]>;
    expect(years.data[0]).toEqual({ id_a_year: CURRENT_YEAR_ID, name: '2026-2027' });
    expect(years.data.map((y) => y.name)).toEqual([
      '2026-2027',
      '2025-2026',
      '2024-2025',
      '2023-2024',
    ]);
  });

  it('answers 401 without a session', async () => {
    const anonymous = new Client(createTestApp());
    expect((await anonymous.get('/api/discipline/current/ws.json')).status).toBe(401);
    expect((await anonymous.get('/api/discipline/current/year.json')).status).toBe(401);
    expect((await anonymous.post('/api/discipline/list', { uid: 1001, year, ws })).status).toBe(
      401,
    );
  });
});

describe('discipline/list and forStudentDisciplinelist', () => {
  it('gives the teacher’s disciplines and the student’s group’s, which share the demo ones', async () => {
    const { teacher, teacher2, student, student2, studied, d0, d1 } = await setup();
    expect(studied).toHaveLength(5);
    expect(studied.every((d) => d.name.length > 0 && d.kredits > 0)).toBe(true);
    const taught = await teacherDisciplines(teacher);
    expect(taught.length).toBeGreaterThanOrEqual(1);
    expect(new Set(taught.map((d) => d.id_discipline)).size).toBe(taught.length);
    expect(d0).toBeGreaterThan(0);
    expect(d1).toBeGreaterThan(0);
    expect(d1).not.toBe(d0);
    expect((await teacherDisciplines(teacher2)).map((d) => d.id_discipline)).toContain(d1);
    // student2's group (same stream, same curriculum) studies the same disciplines
    expect(await studentDisciplines(student2)).toEqual(studied);
    // the demo students started in 2026: nothing in an earlier year, nothing in summer
    expect(await studentDisciplines(student, CURRENT_YEAR_ID - 1)).toEqual([]);
    expect(await teacherDisciplines(teacher, year, 3)).toEqual([]);
  });

  it('answers 403 to the other role and 400 for a bad body', async () => {
    const { teacher, student } = await setup();
    const wrongRole = await student.post('/api/discipline/list', bodyOf(student));
    expect(wrongRole.status).toBe(403);
    const wrongRole2 = await teacher.post(
      '/api/discipline/forStudentDisciplinelist',
      bodyOf(teacher, { id_group: GROUP }),
    );
    expect(wrongRole2.status).toBe(403);
    const cases: [unknown, string][] = [
      [{ uid: 1001, year }, 'body/ws: is required'],
      [{ uid: 1001, year, ws: 4 }, 'body/ws: must be one of 1, 2, 3'],
      [{ uid: 1001, year: '2026', ws }, 'body/year: must be integer'],
    ];
    for (const [body, error] of cases)
      await expectError(teacher.post('/api/discipline/list', body), 400, error);
    const noGroup = await student.post('/api/discipline/forStudentDisciplinelist', bodyOf(student));
    expect(await noGroup.json()).toMatchObject({ error: 'body/id_group: is required' });
  });
});

describe('discipline/semester/list and studentSemester/list', () => {
  it('gives the semester in which the discipline is taught', async () => {
    const { teacher, student, d0 } = await setup();
    const body = (client: SignedIn) => semesterBody(client, d0);
    const expected = [{ id_semester: 1, name: '1 семестр' }];
    expect(await data(teacher, '/api/discipline/semester/list', body(teacher))).toEqual(expected);
    expect(await data(student, '/api/discipline/studentSemester/list', body(student))).toEqual(
      expected,
    );
    expect(
      await data(teacher, '/api/discipline/semester/list', { ...body(teacher), id_discipline: 1 }),
    ).toEqual([]);
  });

  it('answers 403 to the other role and 400 for a bad body', async () => {
    const { teacher, student, d0 } = await setup();
    await expectOtherRoleRefused(
      { teacher, student },
      '/api/discipline/semester/list',
      '/api/discipline/studentSemester/list',
      (client) => semesterBody(client, d0),
    );
    const bad = await teacher.post('/api/discipline/semester/list', bodyOf(teacher));
    expect(await bad.json()).toMatchObject({ error: 'body/id_discipline: is required' });
  });
});

describe('discipline/group/list and studentGroup/list', () => {
  it('gives the teacher’s groups then their stream, and the student’s group and stream', async () => {
    const { teacher, student, d0 } = await setup();
    const body = (client: SignedIn) => groupBody(client, d0);
    expect(await data<Group[]>(teacher, '/api/discipline/group/list', body(teacher))).toEqual([
      { id_group: GROUP, name: 'ПИ-1-26', id_faculty: 1, isPotok: false },
      { id_group: GROUP2, name: 'ПИ-2-26', id_faculty: 1, isPotok: false },
      { id_group: STREAM, name: 'ПИ-26 (поток)', id_faculty: 1, isPotok: true },
    ]);
    expect(
      await data<Group[]>(student, '/api/discipline/studentGroup/list', body(student)),
    ).toEqual([
      { id_group: GROUP, name: 'ПИ-1-26', id_faculty: 1, isPotok: false },
      { id_group: STREAM, name: 'ПИ-26 (поток)', id_faculty: 1, isPotok: true },
    ]);
    // another semester: nothing
    const other = (client: SignedIn) => ({ ...body(client), id_semester: 3 });
    expect(await data(teacher, '/api/discipline/group/list', other(teacher))).toEqual([]);
    expect(await data(student, '/api/discipline/studentGroup/list', other(student))).toEqual([]);
  });

  it('answers 403 to the other role and 400 for a bad body', async () => {
    const { teacher, student, d0 } = await setup();
    const body = (client: SignedIn) => groupBody(client, d0);
    await expectOtherRoleRefused(
      { teacher, student },
      '/api/discipline/group/list',
      '/api/discipline/studentGroup/list',
      body,
    );
    const bad = await teacher.post('/api/discipline/group/list', {
      ...body(teacher),
      id_semester: 'I',
    });
    expect(await bad.json()).toMatchObject({ error: 'body/id_semester: must be integer' });
  });
});

describe('discipline/students/list', () => {
  it('lists the students of a group or stream by name with their unread counts', async () => {
    const { teacher, d0 } = await setup();
    const contacts = await data<Contact[]>(
      teacher,
      '/api/discipline/students/list',
      contactsBody(teacher, d0),
    );
    expect(contacts).toHaveLength(12);
    const names = contacts.map((c) => c.fio);
    expect(names).toEqual([...names].sort(new Intl.Collator('ru').compare));
    expect(contacts.every((c) => c.id_type === 2 && c.group === GROUP && c.faculty === 1)).toBe(
      true,
    );
    expect(contacts.find((c) => c.idid === STUDENT)).toEqual({
      idid: STUDENT,
      fio: 'Токтогулова Айпери Нурлановна',
      countMessages: 2,
      id_type: 2,
      faculty: 1,
      group: GROUP,
    });
    expect(contacts.some((c) => c.countMessages === 0)).toBe(true);

    const stream = await data<Contact[]>(
      teacher,
      '/api/discipline/students/list',
      contactsBody(teacher, d0, STREAM, true),
    );
    expect(stream).toHaveLength(24);
    expect(new Set(stream.map((c) => c.group))).toEqual(new Set([GROUP, GROUP2]));
  });

  it('counts a new message and forgets it after readall', async () => {
    const { teacher, student, d0 } = await setup();
    const countOf = async () =>
      (
        await data<Contact[]>(teacher, '/api/discipline/students/list', contactsBody(teacher, d0))
      ).find((c) => c.idid === STUDENT)?.countMessages;
    expect(await countOf()).toBe(2);
    const sent = await student.postForm('/api/chat/insert', {
      uid: 20001,
      message: 'Можно сдать отчёт завтра?',
      from: STUDENT,
      fromType: 2,
      semester: ws,
      discipline: d0,
      currentContactId: TEACHER,
      currentContactType: 1,
      group_subgroup: -1,
      isSelect: 'false',
      IsGroupChat: 'false',
    });
    expect(sent.status).toBe(200);
    expect(await countOf()).toBe(3);
    await teacher.post('/api/chat/readall', chatQuery(teacher, STUDENT, d0, { kredit: 3 }));
    expect(await countOf()).toBe(0);
  });

  it('gives nobody for a group the teacher does not teach that discipline', async () => {
    const { teacher, teacher2, d0 } = await setup();
    expect(
      await data(teacher, '/api/discipline/students/list', contactsBody(teacher, d0, 150, false)),
    ).toEqual([]);
    expect(
      await data(teacher2, '/api/discipline/students/list', contactsBody(teacher2, d0)),
    ).toEqual([]);
  });

  it('answers 403 to a student and 400 for a bad body', async () => {
    const { teacher, student, d0 } = await setup();
    expect(
      (await student.post('/api/discipline/students/list', contactsBody(student, d0))).status,
    ).toBe(403);
    const bad = await teacher.post('/api/discipline/students/list', {
      ...contactsBody(teacher, d0),
      isPotok: 'нет',
    });
    expect(await bad.json()).toMatchObject({ error: 'body/isPotok: must be boolean' });
  });
});

describe('discipline/teachers/list', () => {
  it('lists the discipline’s teachers of the student’s group with their unread counts', async () => {
    const { student, d0, d1 } = await setup();
    const teachersOf = (id_discipline: number, id_group = GROUP, isPotok = false) =>
      data<Contact[]>(
        student,
        '/api/discipline/teachers/list',
        contactsBody(student, id_discipline, id_group, isPotok),
      );
    expect(await teachersOf(d0)).toEqual([
      {
        idid: TEACHER,
        fio: 'Асанов Бакыт Эркинович',
        countMessages: 0,
        id_type: 1,
        faculty: 1,
      },
    ]);
    expect(await teachersOf(d1)).toEqual([
      {
        idid: TEACHER2,
        fio: 'Смирнова Ольга Викторовна',
        countMessages: 1,
        id_type: 1,
        faculty: 1,
      },
    ]);
    // asked for the stream: the same teachers; another group (or its stream named as a group) is
    // not the student's to name: 403, from x-owner
    expect(await teachersOf(d1, STREAM, true)).toEqual(await teachersOf(d1));
    for (const [id_group, isPotok, names] of [
      [GROUP2, false, 'group'],
      [STREAM, false, 'group'],
    ] as const) {
      await expectError(
        student.post('/api/discipline/teachers/list', contactsBody(student, d1, id_group, isPotok)),
        403,
        `Forbidden: body/id_group names another ${names}`,
      );
    }
  });

  it('drops the count once the message is read', async () => {
    const { student, d1 } = await setup();
    const page = await data<Schema<'ChatMessagesPage'>>(
      student,
      '/api/chat/messages',
      chatQuery(student, TEACHER2, d1, { kredit: 3 }),
    );
    await student.post('/api/chat/read', { id_message: page.unreades_start });
    const [contact] = await data<Contact[]>(
      student,
      '/api/discipline/teachers/list',
      contactsBody(student, d1),
    );
    expect(contact?.countMessages).toBe(0);
  });

  it('answers 403 to a teacher and 400 for a bad body', async () => {
    const { teacher, student, d0 } = await setup();
    expect(
      (await teacher.post('/api/discipline/teachers/list', contactsBody(teacher, d0))).status,
    ).toBe(403);
    const { isPotok: _, ...noPotok } = contactsBody(student, d0);
    const bad = await student.post('/api/discipline/teachers/list', noPotok);
    expect(await bad.json()).toMatchObject({ error: 'body/isPotok: is required' });
  });

  it('is restored by reset', async () => {
    const app = createTestApp();
    const { student, d1 } = await setup(app);
    const before = await data(student, '/api/discipline/teachers/list', contactsBody(student, d1));
    await student.post('/api/chat/readall', chatQuery(student, TEACHER2, d1, { kredit: 3 }));
    expect(
      await data(student, '/api/discipline/teachers/list', contactsBody(student, d1)),
    ).not.toEqual(before);
    await resetWorld(app);
    const again = await signIn(app, 'student');
    expect(await data(again, '/api/discipline/teachers/list', contactsBody(again, d1))).toEqual(
      before,
    );
  });
});
