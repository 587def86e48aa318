import { describe, expect, it } from 'vitest';
import {
  Client,
  createTestApp,
  expectError,
  expectResetRestores,
  signIn,
  type Schema,
  type SignedIn,
} from './helpers.js';

type RegRow = Schema<'RegRow'>;
type Option = Schema<'Teacher'>;
type Stream = Schema<'RegSubgroup'>;
type OptionalDiscipline = Schema<'RegOptionalDiscipline'>;

const API = '/api/regfordisciplines';
// The demo student (7001, uid 20001) is in ПИ-1-26 (101), student2 (7013) in ПИ-2-26 (102); both
// study semesters 1 (fall, settled) and 2 (spring, registration open) of 2026-2027 (id 4).
const YEAR = 4;
const DEMO = { uid: 20001, id_group: 101, id_student: 7001 };
const DEMO2 = { uid: 20013, id_group: 102, id_student: 7013 };

const regList = async (client: Client, id_semester: number, who = DEMO) =>
  (
    await client.postData<RegRow[]>(`${API}/getreglist`, {
      uid: who.uid,
      id_a_year: YEAR,
      id_semester,
      id_group: who.id_group,
    })
  ).body.data;

const teachersFor = async (client: Client, row: RegRow, path = 'getteachersforregel') =>
  (
    await client.postData<Option[]>(`${API}/${path}`, {
      id_discipline: row.id_discipline,
      id_a_year: row.id_a_year,
      id_semester: row.id_semester,
      id_vid_zaniatiy: row.id_vid_zaniatiy,
    })
  ).body.data;

const streamsFor = async (
  client: Client,
  row: Omit<RegRow, 'num'> | (OptionalDiscipline & { id_a_year: number; id_semester: number }),
  id_teacher: number,
  path = 'getsubgroupsforregel',
) =>
  (
    await client.postData<Stream[]>(`${API}/${path}`, {
      id_teacher,
      id_discipline: row.id_discipline,
      id_a_year: row.id_a_year,
      id_semester: row.id_semester,
      id_vid_zaniatiy: row.id_vid_zaniatiy,
    })
  ).body.data;

const saveBody = (row: RegRow, id_teacher: number, subgroup: number) => ({
  uid: DEMO.uid,
  isByPlan: row.isByPlan,
  id_a_year: row.id_a_year,
  id_semester: row.id_semester,
  id_group: row.id_group,
  id_kafedra: row.id_kafedra,
  id_discipline: row.id_discipline,
  kredits: row.kredits,
  id_examination: row.id_examination,
  id_vid_zaniatiy: row.id_vid_zaniatiy,
  id_teacher,
  subgroup,
});

const save = (client: Client, body: unknown, options = {}) =>
  client.postData<Schema<'RegSaved'>>(`${API}/saveregistration`, body, options);

/** Cancels a registration as the signed-in client (uid is theirs). */
const remove = (client: SignedIn, id_disciplineForStudent: number, options = {}) =>
  client.postData<boolean>(
    `${API}/deleteregistration`,
    { id_disciplineForStudent, uid: client.user.uid },
    options,
  );

/** An open plan row of the demo student without a teacher, with its first teacher and stream. */
async function openRow(client: Client) {
  const rows = await regList(client, 2);
  const row = rows.find((r) => r.isByPlan && r.id_teacher === null);
  if (!row) throw new Error('the demo student has no unregistered row');
  const [teacher] = await teachersFor(client, row);
  if (!teacher) throw new Error('no teacher for the row');
  const [stream] = await streamsFor(client, row, teacher.id_teacher);
  if (!stream) throw new Error('no stream for the teacher');
  return { rows, row, teacher, stream };
}

describe('regfordisciplines/getdefyear and getyears', () => {
  it('answers the current year, and the years since the intake newest first', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const def = await student.postData(`${API}/getdefyear`, { uid: DEMO.uid });
    expect(def).toEqual({
      status: 200,
      body: { result: 0, error: null, data: { id_a_year: 4, name: '2026-2027' } },
    });
    const years = await student.postData(`${API}/getyears`, { uid: DEMO.uid });
    expect(years.body.data).toEqual([{ id_a_year: 4, name: '2026-2027' }]);
    // a teacher is not tied to an intake
    const teacher = await signIn(app, 'teacher');
    const all = await teacher.postData<Schema<'AcademicYear'>[]>(`${API}/getyears`, { uid: 1001 });
    expect(all.body.data.map((y) => y.name)).toEqual([
      '2026-2027',
      '2025-2026',
      '2024-2025',
      '2023-2024',
    ]);
  });

  it('answers 401 without a session and 400 naming the field', async () => {
    const app = createTestApp();
    expect((await new Client(app).post(`${API}/getdefyear`, { uid: 1 })).status).toBe(401);
    expect((await new Client(app).post(`${API}/getreglist`, {})).status).toBe(401);
    const student = await signIn(app, 'student');
    await expectError(
      student.post(`${API}/getyears`, { uid: 'me' }),
      400,
      'body/uid: must be integer',
    );
  });
});

describe('regfordisciplines/getsemesters', () => {
  it('lists the semesters a group studies in a year', async () => {
    const student = await signIn(createTestApp(), 'student');
    const semesters = (id_group: number, id_a_year: number) =>
      student.postData(`${API}/getsemesters`, { id_group, id_a_year }).then((r) => r.body.data);
    expect(await semesters(101, 4)).toEqual([
      { id_semester: 1, name: '1 семестр' },
      { id_semester: 2, name: '2 семестр' },
    ]);
    // ПИ-1-23 (107): fourth course in 2026-2027, first in 2023-2024
    expect(await semesters(107, 4)).toEqual([
      { id_semester: 7, name: '7 семестр' },
      { id_semester: 8, name: '8 семестр' },
    ]);
    expect(await semesters(107, 1)).toEqual([
      { id_semester: 1, name: '1 семестр' },
      { id_semester: 2, name: '2 семестр' },
    ]);
    expect(await semesters(101, 1)).toEqual([]);
    expect(await semesters(99999, 4)).toEqual([]);
    const bad = await student.post(`${API}/getsemesters`, { id_group: -1, id_a_year: 4 });
    expect(await bad.json()).toMatchObject({ error: 'body/id_group: must be >= 1' });
  });
});

describe('regfordisciplines/getreglist', () => {
  it('shows the settled fall semester: every plan row registered, then an elective', async () => {
    const student = await signIn(createTestApp(), 'student');
    const rows = await regList(student, 1);
    expect(rows.map((r) => r.num)).toEqual(rows.map((_, i) => i + 1));
    const plan = rows.filter((r) => r.isByPlan);
    // five disciplines, each with its lectures (kind 1) and practice (kind 2)
    expect(plan.map((r) => r.id_vid_zaniatiy)).toEqual([1, 2, 1, 2, 1, 2, 1, 2, 1, 2]);
    expect(rows.slice(0, 10).every((r) => r.isByPlan)).toBe(true);
    expect(rows.slice(10).every((r) => !r.isByPlan)).toBe(true);
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect(row).toMatchObject({
        id_a_year: 4,
        id_semester: 1,
        id_group: 101,
        id_student: 7001,
      });
      expect(row.id_teacher).toEqual(expect.any(Number));
      expect(row.t_fio).toMatch(/^\S+ \S+ \S+$/);
      expect(row.subgroup).toBeGreaterThan(0);
      expect(row.id_disciplineForStudent).toEqual(expect.any(Number));
      expect(row.disciplineName.length).toBeGreaterThan(0);
    }
    // the first stream's plan teachers are the demo teachers
    expect(plan.map((r) => r.t_fio)).toContain('Асанов Бакыт Эркинович');
  });

  it('shows the open spring semester with some rows chosen and some not', async () => {
    const student = await signIn(createTestApp(), 'student');
    const rows = await regList(student, 2);
    const plan = rows.filter((r) => r.isByPlan);
    const open = plan.filter((r) => r.id_teacher === null);
    expect(open.length).toBeGreaterThan(0);
    expect(open.length).toBeLessThan(plan.length);
    for (const row of open) {
      expect(row).toMatchObject({ t_fio: null, subgroup: 0, id_disciplineForStudent: null });
    }
  });

  it('is empty for a semester the group does not study', async () => {
    const student = await signIn(createTestApp(), 'student');
    expect(await regList(student, 5)).toEqual([]);
  });

  it('answers 403 for another student’s rows or group (x-owner: the caller’s own)', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const list = (who: { uid: number; id_group: number }) =>
      student.postData(`${API}/getreglist`, {
        uid: who.uid,
        id_a_year: YEAR,
        id_semester: 2,
        id_group: who.id_group,
      });
    const refused: [{ uid: number; id_group: number }, string][] = [
      [DEMO2, 'uid names another person'],
      [{ ...DEMO, id_group: 102 }, 'id_group names another group'],
      [{ ...DEMO2, id_group: 101 }, 'uid names another person'],
    ];
    for (const [who, error] of refused) {
      expect(await list(who)).toEqual({
        status: 403,
        body: { result: 1, error: `Forbidden: body/${error}`, data: null },
      });
    }
    expect((await list(DEMO)).status).toBe(200);
  });

  it('answers 403 to a teacher', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const res = await teacher.post(`${API}/getreglist`, {
      uid: 1001,
      id_a_year: 4,
      id_semester: 1,
      id_group: 101,
    });
    expect(res.status).toBe(403);
  });

  it('gives the same rows whichever student was read first', async () => {
    const a = createTestApp();
    await regList(await signIn(a, 'student2'), 2, DEMO2);
    const b = createTestApp();
    expect(await regList(await signIn(a, 'student'), 2)).toEqual(
      await regList(await signIn(b, 'student'), 2),
    );
    const other = createTestApp({ seed: 5 });
    expect(await regList(await signIn(other, 'student'), 2)).not.toEqual(
      await regList(await signIn(b, 'student'), 2),
    );
  });
});

describe('regfordisciplines/getteachersforregel and getsubgroupsforregel', () => {
  it('offers the plan teacher first, with streams naming the groups', async () => {
    const student = await signIn(createTestApp(), 'student');
    const [row] = await regList(student, 1);
    if (!row) throw new Error('no row');
    const teachers = await teachersFor(student, row);
    expect(teachers[0]).toEqual({ id_teacher: row.id_teacher, t_fio: row.t_fio });
    const streams = await streamsFor(student, row, row.id_teacher ?? 0);
    expect(streams[0]).toEqual({ subgroup: 1, dop_potokname: 'ПИ-1-26, ПИ-2-26 (поток 1)' });
    expect(streams.map((s) => s.subgroup)).toContain(row.subgroup);
  });

  it('runs practice per group, and a settled practice row is in the student’s own group', async () => {
    const app = createTestApp();
    for (const [login, who, name] of [
      ['student', DEMO, 'ПИ-1-26'],
      ['student2', DEMO2, 'ПИ-2-26'],
    ] as const) {
      const client = await signIn(app, login);
      const practice = (await regList(client, 1, who)).find((r) => r.id_vid_zaniatiy === 2);
      if (!practice) throw new Error('no practice row');
      const streams = await streamsFor(client, practice, practice.id_teacher ?? 0);
      expect(streams.map((s) => s.dop_potokname)).toEqual([
        'ПИ-1-26 (поток 1)',
        'ПИ-2-26 (поток 2)',
      ]);
      expect(streams.find((s) => s.subgroup === practice.subgroup)?.dop_potokname).toBe(
        `${name} (поток ${practice.subgroup})`,
      );
    }
  });

  it('answers empty lists for another kind of lesson or a teacher of something else', async () => {
    const student = await signIn(createTestApp(), 'student');
    const [row] = await regList(student, 1);
    if (!row) throw new Error('no row');
    const otherKind = { ...row, id_vid_zaniatiy: 3 };
    expect(await teachersFor(student, otherKind)).toEqual([]);
    expect(await streamsFor(student, row, 999)).toEqual([]);
    const bad = await student.post(`${API}/getsubgroupsforregel`, {
      id_teacher: -100,
      id_discipline: row.id_discipline,
      id_a_year: 4,
      id_semester: 1,
      id_vid_zaniatiy: 1,
    });
    expect(await bad.json()).toMatchObject({ error: 'body/id_teacher: must be >= 1' });
  });
});

describe('regfordisciplines/saveregistration', () => {
  it('registers an open plan row, and a second save changes the stream but keeps the id', async () => {
    const student = await signIn(createTestApp(), 'student');
    const { row, teacher, stream } = await openRow(student);
    const res = await save(student, saveBody(row, teacher.id_teacher, stream.subgroup));
    expect(res.status).toBe(200);
    const saved = res.body.data;
    expect(saved).toEqual({
      id_disciplineForStudent: expect.any(Number),
      id_teacher: teacher.id_teacher,
      t_fio: teacher.t_fio,
      subgroup: stream.subgroup,
    });
    const after = (await regList(student, 2)).find((r) => r.num === row.num);
    expect(after).toEqual({
      ...row,
      id_teacher: teacher.id_teacher,
      t_fio: teacher.t_fio,
      subgroup: stream.subgroup,
      id_disciplineForStudent: saved.id_disciplineForStudent,
    });

    const streams = await streamsFor(student, row, teacher.id_teacher);
    const last = streams.at(-1) ?? stream;
    const again = await save(student, saveBody(row, teacher.id_teacher, last.subgroup));
    expect(again.body.data).toMatchObject({
      id_disciplineForStudent: saved.id_disciplineForStudent,
      subgroup: last.subgroup,
    });
  });

  it('adds an elective at the end of the list and takes it off the optional list', async () => {
    const student = await signIn(createTestApp(), 'student');
    const query = { uid: DEMO.uid, id_a_year: YEAR, id_semester: 2, id_group: 101 };
    const before = await regList(student, 2);
    const optional = (
      await student.postData<OptionalDiscipline[]>(`${API}/optional/disciplines`, query)
    ).body.data;
    const [choice] = optional;
    if (!choice) throw new Error('no optional discipline');
    const withSemester = { ...choice, id_a_year: YEAR, id_semester: 2 };
    const [teacher] = (
      await student.postData<Option[]>(`${API}/optional/teachers`, {
        id_discipline: choice.id_discipline,
        id_a_year: YEAR,
        id_semester: 2,
        id_vid_zaniatiy: choice.id_vid_zaniatiy,
      })
    ).body.data;
    if (!teacher) throw new Error('no teacher');
    const [stream] = await streamsFor(
      student,
      withSemester,
      teacher.id_teacher,
      'optional/subgroups',
    );
    if (!stream) throw new Error('no stream');
    expect(stream.dop_potokname).toBe(`${choice.name} (поток ${stream.subgroup})`);

    const res = await save(student, {
      ...saveBody(
        { ...before[0], ...withSemester, isByPlan: false, id_group: 101 } as RegRow,
        teacher.id_teacher,
        stream.subgroup,
      ),
    });
    expect(res.status).toBe(200);
    const after = await regList(student, 2);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toEqual({
      num: before.length + 1,
      id_teacher: teacher.id_teacher,
      t_fio: teacher.t_fio,
      subgroup: stream.subgroup,
      id_disciplineForStudent: res.body.data.id_disciplineForStudent,
      isByPlan: false,
      id_a_year: YEAR,
      id_semester: 2,
      id_kafedra: choice.id_kafedra,
      id_discipline: choice.id_discipline,
      disciplineName: choice.name,
      kredits: choice.kredits,
      id_examination: choice.id_examination,
      id_group: 101,
      id_student: 7001,
      id_vid_zaniatiy: choice.id_vid_zaniatiy,
    });
    const optionalAfter = (
      await student.postData<OptionalDiscipline[]>(`${API}/optional/disciplines`, query)
    ).body.data;
    expect(optionalAfter).toEqual(optional.slice(1));
  });

  it('answers 403 and changes nothing: teachers, another group, electives without permission, no XSRF', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const { rows, row, teacher, stream } = await openRow(student);
    const body = saveBody(row, teacher.id_teacher, stream.subgroup);
    const teacherClient = await signIn(app, 'teacher');
    expect((await save(teacherClient, body)).status).toBe(403);
    expect((await save(student, { ...body, id_group: 102 })).status).toBe(403);
    expect((await save(student, body, { xsrf: false })).status).toBe(403);
    expect(await regList(student, 2)).toEqual(rows);

    // student2 (ПИ-2-26) has no optional-registration permission
    const student2 = await signIn(app, 'student2');
    const before2 = await regList(student2, 2, DEMO2);
    const elective = {
      ...body,
      uid: DEMO2.uid,
      id_group: 102,
      isByPlan: false,
      id_discipline: 4001,
      id_kafedra: 22,
    };
    const res = await save(student2, elective);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ result: 1, data: null });
    expect(await regList(student2, 2, DEMO2)).toEqual(before2);
  });

  it('answers 400 for a bad body or a teacher, stream or discipline the row does not offer', async () => {
    const student = await signIn(createTestApp(), 'student');
    const { rows, row, teacher, stream } = await openRow(student);
    const body = saveBody(row, teacher.id_teacher, stream.subgroup);
    const { id_teacher: _, ...withoutTeacher } = body;
    // the demo student holds an elective in every semester of the current year
    const electiveRow = rows.find((r) => !r.isByPlan);
    if (!electiveRow) throw new Error('the demo student has no elective in semester 2');
    const cases: [unknown, string][] = [
      ['{"uid": 1', 'body: malformed JSON'],
      [withoutTeacher, 'body/id_teacher: is required'],
      [{ ...body, subgroup: 0 }, 'body/subgroup: must be >= 1'],
      [{ ...body, id_teacher: -1 }, 'body/id_teacher: must be >= 1'],
      [{ ...body, isByPlan: 'yes' }, 'body/isByPlan: must be boolean'],
      [
        { ...body, id_teacher: 999 },
        'body/id_teacher: does not teach this discipline and kind of lesson',
      ],
      [{ ...body, subgroup: 99 }, 'body/subgroup: not a stream of this teacher'],
      [{ ...body, id_semester: 5 }, 'body/id_semester: the group does not study this semester'],
      [
        { ...body, id_discipline: 4001 },
        'body/id_discipline: not in the study plan of this semester',
      ],
      [
        { ...body, isByPlan: false },
        'body/id_discipline: already in the study plan of this semester',
      ],
      [
        { ...body, isByPlan: false, id_discipline: 3300 },
        'body/id_discipline: not an optional discipline',
      ],
      [
        { ...body, id_discipline: electiveRow.id_discipline },
        'body/id_discipline: not in the study plan of this semester',
      ],
    ];
    for (const [payload, error] of cases)
      await expectError(student.post(`${API}/saveregistration`, payload), 400, error);
    expect(await regList(student, 2)).toEqual(rows);
  });
});

describe('regfordisciplines/deleteregistration', () => {
  it('clears a plan row, removes an elective, and then knows neither id', async () => {
    const student = await signIn(createTestApp(), 'student');
    const rows = await regList(student, 1);
    const plan = rows.find((r) => r.isByPlan);
    const elective = rows.find((r) => !r.isByPlan);
    if (!plan?.id_disciplineForStudent || !elective?.id_disciplineForStudent) {
      throw new Error('the demo student has no registrations');
    }
    expect(await remove(student, plan.id_disciplineForStudent)).toEqual({
      status: 200,
      body: { result: 0, error: null, data: true },
    });
    expect((await remove(student, elective.id_disciplineForStudent)).status).toBe(200);
    const after = await regList(student, 1);
    expect(after).toHaveLength(rows.length - 1);
    expect(after.find((r) => r.id_discipline === plan.id_discipline)).toEqual({
      ...plan,
      id_teacher: null,
      t_fio: null,
      subgroup: 0,
      id_disciplineForStudent: null,
    });
    expect(after.some((r) => r.id_discipline === elective.id_discipline)).toBe(false);
    expect((await remove(student, plan.id_disciplineForStudent)).status).toBe(404);
    expect((await remove(student, elective.id_disciplineForStudent)).status).toBe(404);
  });

  it('deletes a registration saved in this session', async () => {
    const student = await signIn(createTestApp(), 'student');
    const { rows, row, teacher, stream } = await openRow(student);
    const saved = await save(student, saveBody(row, teacher.id_teacher, stream.subgroup));
    expect((await remove(student, saved.body.data.id_disciplineForStudent)).status).toBe(200);
    expect(await regList(student, 2)).toEqual(rows);
  });

  it('answers 403 for another student’s registration or a teacher, and changes nothing', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const student2 = await signIn(app, 'student2');
    const rows = await regList(student, 1);
    const id = rows[0]?.id_disciplineForStudent ?? 0;
    const res = await remove(student2, id);
    expect(res).toEqual({
      status: 403,
      body: { result: 1, error: 'Forbidden: not your registration', data: null },
    });
    expect((await remove(await signIn(app, 'teacher'), id)).status).toBe(403);
    expect((await remove(student, id, { xsrf: false })).status).toBe(403);
    expect(await regList(student, 1)).toEqual(rows);
  });

  it('answers 404 for an unknown id and 400 for a bad body', async () => {
    const student = await signIn(createTestApp(), 'student');
    expect((await remove(student, 1)).status).toBe(404);
    expect((await remove(student, 9_999_999)).status).toBe(404);
    expect((await remove(student, 700_199)).status).toBe(404);
    const bad = await student.post(`${API}/deleteregistration`, {
      id_disciplineForStudent: 0,
      uid: DEMO.uid,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'body/id_disciplineForStudent: must be >= 1' });
  });
});

describe('regfordisciplines/optional/*', () => {
  it('grants the permission to the demo student only, and for its attribute only', async () => {
    const app = createTestApp();
    const permission = async (login: 'student' | 'student2' | 'teacher', attr: string) =>
      (await (await signIn(app, login)).postData<boolean>(`${API}/optional/permission`, { attr }))
        .body.data;
    expect(await permission('student', 'optionalRegistration')).toBe(true);
    expect(await permission('student2', 'optionalRegistration')).toBe(false);
    expect(await permission('teacher', 'optionalRegistration')).toBe(false);
    expect(await permission('student', 'somethingElse')).toBe(false);
    const bad = await (
      await signIn(app, 'student')
    ).post(`${API}/optional/permission`, {
      attr: '',
    });
    expect(await bad.json()).toMatchObject({
      error: 'body/attr: must NOT have fewer than 1 characters',
    });
  });

  it('lists optional disciplines not yet taken, with their teachers and streams', async () => {
    const student = await signIn(createTestApp(), 'student');
    const taken = (await regList(student, 1))
      .filter((r) => !r.isByPlan)
      .map((r) => r.id_discipline);
    const optional = (
      await student.postData<OptionalDiscipline[]>(`${API}/optional/disciplines`, {
        uid: DEMO.uid,
        id_a_year: YEAR,
        id_semester: 1,
        id_group: 101,
      })
    ).body.data;
    expect(optional.length).toBeGreaterThan(5);
    expect(optional.map((d) => d.id_discipline)).not.toContain(taken[0]);
    for (const discipline of optional) {
      const teachers = await teachersFor(
        student,
        { ...discipline, id_a_year: YEAR, id_semester: 1 } as unknown as RegRow,
        'optional/teachers',
      );
      expect(teachers.length).toBeGreaterThan(0);
      const streams = await streamsFor(
        student,
        { ...discipline, id_a_year: YEAR, id_semester: 1 },
        teachers[0]?.id_teacher ?? 0,
        'optional/subgroups',
      );
      expect(streams.length).toBeGreaterThan(0);
    }
  });

  it('offers no optional teachers or streams for a plan discipline', async () => {
    const student = await signIn(createTestApp(), 'student');
    const [row] = await regList(student, 1);
    if (!row) throw new Error('no row');
    expect(await teachersFor(student, row, 'optional/teachers')).toEqual([]);
    expect(await streamsFor(student, row, row.id_teacher ?? 1, 'optional/subgroups')).toEqual([]);
  });
});

describe('regfordisciplines and POST /__mock/reset', () => {
  it('restores the seeded registrations', () =>
    expectResetRestores(
      createTestApp(),
      'student',
      (student) => regList(student, 2),
      async (student, seeded) => {
        const { row, teacher, stream } = await openRow(student);
        await save(student, saveBody(row, teacher.id_teacher, stream.subgroup));
        const first = seeded.find((r) => r.id_disciplineForStudent !== null);
        await remove(student, first?.id_disciplineForStudent ?? 0);
      },
    ));
});

describe('the third-year demo student (student3)', () => {
  it('has three years with two semesters each, and registration rows in each', async () => {
    const student = await signIn(createTestApp(), 'student3');
    // The first student of ПИ-1-24 (group 105), the same for every seed.
    const me = { uid: 20049, id_group: 105 };
    const years = (
      await student.postData<{ id_a_year: number; name: string }[]>(`${API}/getyears`, {
        uid: me.uid,
      })
    ).body.data;
    expect(years.map((y) => y.name)).toEqual(['2026-2027', '2025-2026', '2024-2025']);
    const semesters: number[] = [];
    for (const year of years) {
      const list = (
        await student.postData<{ id_semester: number }[]>(`${API}/getsemesters`, {
          id_group: me.id_group,
          id_a_year: year.id_a_year,
        })
      ).body.data;
      expect(list).toHaveLength(2);
      semesters.push(...list.map((s) => s.id_semester));
      const rows = (
        await student.postData<RegRow[]>(`${API}/getreglist`, {
          uid: me.uid,
          id_a_year: year.id_a_year,
          id_semester: list[0]!.id_semester,
          id_group: me.id_group,
        })
      ).body.data;
      expect(rows.length).toBeGreaterThan(0);
    }
    expect(semesters.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
