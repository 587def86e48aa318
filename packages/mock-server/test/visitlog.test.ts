import { describe, expect, it } from 'vitest';
import { lessonDates } from '../src/world/visitlog/visitlog.js';
import {
  Client,
  createTestApp,
  DEMO_IDS,
  expectBadRequest,
  expectError,
  expectForbidden,
  expectResetRestores,
  signIn,
  type DemoLogin,
  type Schema,
} from './helpers.js';

// The demo teacher (501) teaches «Веб-разработка» (3001, 3 credits, semester 1 = fall ws 1) to
// ПИ-1-26 (101, the demo student's group) and ПИ-2-26 (102, student2's): practice and labs per
// group, lectures for their stream 9001. teacher2 (502) teaches them discipline 3002.
const { TEACHER, STUDENT } = DEMO_IDS;
const practice = {
  id_teacher: TEACHER,
  id_discipline: 3001,
  credits: 3,
  id_groupOrPorok: 101,
  isPotok: false,
  id_semesterOrWs: 1,
  id_vid_zaniatiy: 2,
};
const lectures = { ...practice, id_groupOrPorok: 9001, isPotok: true, id_vid_zaniatiy: 1 };
const labs = { ...practice, id_vid_zaniatiy: 3 };
const TODAY = '2026-11-20';

type Row = Schema<'VisitLogJournalRow'>;
type Journal = Schema<'VisitLogJournal'>;
type StudentRow = Schema<'Student'>;
type StudentVisit = Schema<'VisitLogStudentVisit'>;

const journal = async (client: Client, cls: object = practice, subgroup = 0) => {
  const res = await client.postData<Journal>('/api/visitlog/getjournal', { ...cls, subgroup });
  expect(res.status).toBe(200);
  return res.body.data;
};
const studentJournal = (client: Client, fields: object = {}) =>
  client.postData<Journal>('/api/visitlog/getjournalforstudent', {
    id_student: STUDENT,
    id_teacher: TEACHER,
    id_discipline: 3001,
    credits: 3,
    id_semesterOrWs: 1,
    id_vid_zaniatiy: 2,
    ...fields,
  });
const visitsOn = async (
  client: Client,
  visitDate: string,
  cls: object = practice,
  subgroup = 0,
) => {
  const res = await client.postData<StudentVisit[]>('/api/visitlog/getstudentslistsubgroupupdate', {
    ...cls,
    visitDate,
    subgroup,
  });
  expect(res.status).toBe(200);
  return res.body.data;
};
const visit = (fields: object = {}) => ({
  ...practice,
  id_student: STUDENT,
  visitDate: '2026-11-13',
  isVisited: true,
  timesCount: 2,
  id_otsenka: 1,
  ...fields,
});
const rowOf = (j: Journal, id = STUDENT) => j.data.find((row) => row.id_student === id);
const byName = (a: string, b: string) => a.localeCompare(b, 'ru');
/** One app, several demo accounts signed in to it. */
const signInAll = async <L extends DemoLogin[]>(...logins: L) => {
  const app = createTestApp();
  const clients = await Promise.all(logins.map((login) => signIn(app, login)));
  return clients as { [K in keyof L]: Client };
};

/** The portal's per-row columns (docs/product/validation.md#journal-calculation). */
function journalTotals(j: Journal, row: Row) {
  let absences = 0;
  let sum = 0;
  for (const { otsenka } of row.dates) {
    if (otsenka === 'н/б') absences += 1;
    else if (otsenka !== '') sum += Number(otsenka);
  }
  return {
    'Всего н/б': absences,
    'Общая сумма': sum,
    'Средняя оценка': (sum / j.resArray.length).toFixed(2),
  };
}

describe('visitlog/getvidzaniatiy', () => {
  it('gives the kinds the timetable holds: lectures for a stream, practice and labs for a group', async () => {
    const [teacher, student] = await signInAll('teacher', 'student');
    const { credits: _c, id_vid_zaniatiy: _v, ...group } = practice;
    const kinds = async (client: Client, body: object) =>
      (await client.postData<Schema<'VisitLogVidZaniatiy'>[]>('/api/visitlog/getvidzaniatiy', body))
        .body.data;
    expect(await kinds(teacher, group)).toEqual([
      { id_vid_zaniatiy: 2, name: 'Практика' },
      { id_vid_zaniatiy: 3, name: 'Лабораторная работа' },
    ]);
    expect(await kinds(teacher, { ...group, id_groupOrPorok: 9001, isPotok: true })).toEqual([
      { id_vid_zaniatiy: 1, name: 'Лекция' },
    ]);
    // «Основы права» (2 credits) for ИВТ-1-23 (115), semester 7: no labs in the timetable
    const law = { ...group, id_discipline: 3072, id_groupOrPorok: 115, id_semesterOrWs: 7 };
    expect(await kinds(teacher, law)).toEqual([{ id_vid_zaniatiy: 2, name: 'Практика' }]);
    // the semester picker may give the semester half instead: ws 1 is the same class
    expect(await kinds(teacher, { ...law, id_semesterOrWs: 1 })).toHaveLength(1);
    // a student asks for the teacher they chose
    expect(await kinds(student, group)).toHaveLength(2);
    // not that teacher's, not that semester, no such discipline: nothing
    expect(await kinds(student, { ...group, id_teacher: 502 })).toEqual([]);
    expect(await kinds(student, { ...group, id_semesterOrWs: 2 })).toEqual([]);
    expect(await kinds(student, { ...group, id_discipline: 4001 })).toEqual([]);
  });

  it('answers 403 for another teacher’s class, or a class of another group to a student (x-owner: class)', async () => {
    const [teacher2, student, student2] = await signInAll('teacher2', 'student', 'student2');
    const { credits: _c, id_vid_zaniatiy: _v, ...group } = practice;
    const otherGroup = { ...group, id_groupOrPorok: DEMO_IDS.GROUP2 };
    const refused: [Client, object, string][] = [
      // teacher2 naming themselves for the demo teacher's class
      [teacher2, { ...group, id_teacher: 502 }, 'Forbidden: not a class of the signed-in teacher'],
      // … or naming the demo teacher
      [teacher2, group, 'Forbidden: body/id_teacher names another person'],
      // students: the class of the other group of the stream
      [student, otherGroup, 'Forbidden: not a class of the signed-in student’s group'],
      [student2, group, 'Forbidden: not a class of the signed-in student’s group'],
      // … whether or not the world has such a class (no group, no such discipline there)
      [
        student,
        { ...group, id_groupOrPorok: 1 },
        'Forbidden: not a class of the signed-in student’s group',
      ],
      [
        student2,
        { ...group, id_discipline: 4001 },
        'Forbidden: not a class of the signed-in student’s group',
      ],
      // a stream named as a group, a group named as a stream
      [
        student,
        { ...group, id_groupOrPorok: DEMO_IDS.STREAM },
        'Forbidden: not a class of the signed-in student’s group',
      ],
      [
        student,
        { ...group, isPotok: true },
        'Forbidden: not a class of the signed-in student’s group',
      ],
    ];
    for (const [client, body, error] of refused) {
      const res = await client.postData('/api/visitlog/getvidzaniatiy', body);
      expect(res).toEqual({ status: 403, body: { result: 1, error, data: null } });
    }
    // each student still gets the kinds of their own group's class, and of the stream's lectures
    expect(
      (await student2.postData<unknown[]>('/api/visitlog/getvidzaniatiy', otherGroup)).body.data,
    ).toHaveLength(2);
    const stream = { ...group, id_groupOrPorok: DEMO_IDS.STREAM, isPotok: true };
    expect(
      (await student2.postData<unknown[]>('/api/visitlog/getvidzaniatiy', stream)).body.data,
    ).toEqual([{ id_vid_zaniatiy: 1, name: 'Лекция' }]);
  });

  it('answers 401 without a session and 400 for a bad body', async () => {
    const app = createTestApp();
    expect((await new Client(app).post('/api/visitlog/getvidzaniatiy', practice)).status).toBe(401);
    const teacher = await signIn(app, 'teacher');
    const { isPotok: _, ...withoutPotok } = practice;
    const res = await teacher.post('/api/visitlog/getvidzaniatiy', withoutPotok);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'body/isPotok: is required' });
  });
});

describe('visitlog/getassessments', () => {
  it('offers 5 to 2 and н/б (0 points), best first; nothing for an unknown kind', async () => {
    const [student] = await signInAll('student');
    const res = await student.postData<Schema<'VisitLogAssessment'>[]>(
      '/api/visitlog/getassessments',
      { id_vid_zaniatiy: 2 },
    );
    expect(res.body.data.map((a) => a.name)).toEqual(['5', '4', '3', '2', 'н/б']);
    expect(res.body.data.find((a) => a.name === 'н/б')).toEqual({
      id_otsenka: 5,
      name: 'н/б',
      value: 0,
    });
    const unknown = await student.postData('/api/visitlog/getassessments', { id_vid_zaniatiy: 9 });
    expect(unknown.body.data).toEqual([]);
    const bad = await student.post('/api/visitlog/getassessments', { id_vid_zaniatiy: 'лекция' });
    expect(bad.status).toBe(400);
  });
});

describe('visitlog/getstudentslist and getstudentslistsubgroup', () => {
  it('lists the group or the whole stream, ordered by s_fio', async () => {
    const [teacher] = await signInAll('teacher');
    const group = await teacher.postData<StudentRow[]>('/api/visitlog/getstudentslist', {
      ...practice,
      visitDate: '2026-11-23',
    });
    expect(group.status).toBe(200);
    expect(group.body.data).toHaveLength(12);
    expect(group.body.data.every((s) => s.id_group === 101)).toBe(true);
    expect(group.body.data.find((s) => s.id_student === STUDENT)).toMatchObject({
      s_fio: 'Токтогулова Айпери Нурлановна',
    });
    const names = group.body.data.map((s) => s.s_fio);
    expect(names).toEqual([...names].sort(byName));

    const stream = await teacher.postData<StudentRow[]>('/api/visitlog/getstudentslist', {
      ...lectures,
      visitDate: '2026-11-23',
    });
    expect(stream.body.data).toHaveLength(24);
    expect(new Set(stream.body.data.map((s) => s.id_group))).toEqual(new Set([101, 102]));
    expect(stream.body.data.map((s) => s.id_student)).toContain(7013); // student2's group
  });

  it('narrows to a subgroup; subgroup 0 is everybody', async () => {
    const [teacher] = await signInAll('teacher');
    const list = async (subgroup: number) =>
      (
        await teacher.postData<StudentRow[]>('/api/visitlog/getstudentslistsubgroup', {
          ...labs,
          visitDate: '2026-11-25',
          subgroup,
        })
      ).body.data;
    const [all, first, second] = [await list(0), await list(1), await list(2)];
    expect(all).toHaveLength(12);
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((s) => s.subgroup === 1)).toBe(true);
    expect(second.every((s) => s.subgroup === 2)).toBe(true);
    expect(first.length + second.length).toBe(12);
    expect(await list(3)).toEqual([]);
  });

  it('answers 403 for another teacher’s class, a foreign id_teacher and a student', async () => {
    const [teacher, teacher2, student] = await signInAll('teacher', 'teacher2', 'student');
    const body = { ...practice, visitDate: '2026-11-23' };
    for (const [client, fields] of [
      [teacher2, {}],
      [teacher2, { id_teacher: 502 }], // the class is 501's
      [teacher, { id_teacher: 502, id_discipline: 3002 }], // 502's class, asked by 501
      [teacher, { id_vid_zaniatiy: 1 }], // no lectures for a single group
      [student, {}],
    ] as const) {
      for (const path of ['getstudentslist', 'getstudentslistsubgroup']) {
        await expectForbidden(
          client.post(`/api/visitlog/${path}`, { ...body, ...fields, subgroup: 0 }),
        );
      }
    }
  });

  it('answers 400 for a bad date and a negative subgroup', async () => {
    const [teacher] = await signInAll('teacher');
    const badDate = await teacher.post('/api/visitlog/getstudentslist', {
      ...practice,
      visitDate: '23.11.2026',
    });
    expect(badDate.status).toBe(400);
    expect(await badDate.json()).toMatchObject({
      error: expect.stringContaining('body/visitDate'),
    });
    const badSubgroup = await teacher.post('/api/visitlog/getstudentslistsubgroup', {
      ...practice,
      visitDate: '2026-11-23',
      subgroup: -1,
    });
    expect(badSubgroup.status).toBe(400);
  });
});

describe('visitlog/getjournal', () => {
  it('has this semester’s lesson dates before now, one aligned row per student', async () => {
    const [teacher] = await signInAll('teacher');
    const j = await journal(teacher);
    const dates = j.resArray.map((c) => c.visitDate);
    expect(dates.length).toBeGreaterThanOrEqual(10);
    expect(dates).toEqual([...dates].sort());
    expect(dates[0]! >= '2026-09-01').toBe(true);
    expect(dates.at(-1)! < TODAY).toBe(true);
    expect(j.resArray.every((c) => c.timesCount === 2)).toBe(true);
    expect(j.data).toHaveLength(12);
    const names = j.data.map((row) => row.s_fio);
    expect(names).toEqual([...names].sort(byName));
    for (const row of j.data) expect(row.dates.map((d) => d.visitDate)).toEqual(dates);
    const marks = j.data.flatMap((row) => row.dates.map((d) => d.otsenka));
    expect(marks).toContain('н/б');
    expect(marks).toContain('');
    expect(marks.filter((m) => /^[2-5]$/.test(m)).length).toBeGreaterThan(marks.length / 3);
  });

  it('keeps lectures for the stream and labs every other week, by subgroup', async () => {
    const [teacher] = await signInAll('teacher');
    const lecture = await journal(teacher, lectures);
    expect(lecture.data).toHaveLength(24);
    // 7 November is a public holiday
    expect(lecture.resArray.map((c) => c.visitDate)).not.toContain('2026-11-07');
    const lab = await journal(teacher, labs);
    expect(lab.resArray.length).toBeLessThan((await journal(teacher)).resArray.length);
    const first = await journal(teacher, labs, 1);
    expect(first.data.length).toBeLessThan(12);
    expect(first.resArray).toEqual(lab.resArray);
    expect(first.data).toEqual(
      lab.data.filter((row) => first.data.some((r) => r.id_student === row.id_student)),
    );
  });

  it('gives data the portal’s calculation works on: Всего н/б, Общая сумма, Средняя оценка', async () => {
    const [teacher] = await signInAll('teacher');
    const j = await journal(teacher);
    const row = rowOf(j);
    expect(row?.s_fio).toBe('Токтогулова Айпери Нурлановна');
    if (!row) return;
    // the demo student's row has numbers, absences and empty marks
    const kinds = new Set(row.dates.map((d) => (/^\d+$/.test(d.otsenka) ? 'number' : d.otsenka)));
    expect(kinds).toEqual(new Set(['number', 'н/б', '']));

    // each mark is what is stored for that date
    for (const { visitDate, otsenka } of row.dates) {
      const stored = (await visitsOn(teacher, visitDate)).find((v) => v.id_student === STUDENT);
      expect(stored?.otsenka).toBe(otsenka);
      expect(stored?.isVisited).toBe(otsenka !== 'н/б');
    }
    const totals = journalTotals(j, row);
    const numbers = row.dates
      .map((d) => d.otsenka)
      .filter((m) => /^\d+$/.test(m))
      .map(Number);
    expect(totals['Всего н/б']).toBe(row.dates.filter((d) => d.otsenka === 'н/б').length);
    expect(totals['Всего н/б']).toBeGreaterThan(0);
    expect(totals['Общая сумма']).toBe(numbers.reduce((a, b) => a + b, 0));
    expect(Number(totals['Средняя оценка'])).toBeGreaterThan(0);
    expect(Number(totals['Средняя оценка'])).toBeLessThanOrEqual(5);

    // and on a journal of known marks: 5, н/б, 4, '' → 1 absence, 9 points, 9 / 4 = 2.25
    for (const { visitDate } of j.resArray) {
      await teacher.post('/api/visitlog/journal/delete', { ...practice, visitDate });
    }
    const marks: [string, number][] = [
      ['2026-11-02', 1],
      ['2026-11-09', 5],
      ['2026-11-16', 2],
      ['2026-11-19', -1],
    ];
    for (const [visitDate, id_otsenka] of marks) {
      const res = await teacher.post('/api/visitlog/studentvisitinsertall', {
        visits: [visit({ visitDate, id_otsenka, isVisited: id_otsenka !== 5 })],
      });
      expect(res.status).toBe(200);
    }
    const known = await journal(teacher);
    const knownRow = rowOf(known);
    expect(knownRow?.dates.map((d) => d.otsenka)).toEqual(['5', 'н/б', '4', '']);
    expect(knownRow && journalTotals(known, knownRow)).toEqual({
      'Всего н/б': 1,
      'Общая сумма': 9,
      'Средняя оценка': '2.25',
    });
    // classmates without a row for those dates show no mark
    expect(rowOf(known, j.data.find((r) => r.id_student !== STUDENT)?.id_student)?.dates).toEqual(
      known.resArray.map(({ visitDate, timesCount }) => ({ visitDate, otsenka: '', timesCount })),
    );
  });

  it('answers 403 for teacher2, a student and a foreign id_teacher', async () => {
    const [teacher, teacher2, student] = await signInAll('teacher', 'teacher2', 'student');
    for (const [client, fields] of [
      [teacher2, {}],
      [student, {}],
      [teacher, { id_teacher: 502 }],
      [teacher, { id_discipline: 999999 }],
    ] as const) {
      const res = await client.post('/api/visitlog/getjournal', {
        ...practice,
        ...fields,
        subgroup: 0,
      });
      expect(res.status).toBe(403);
    }
  });

  it('is the same for one seed, whatever was asked first', async () => {
    const [a] = await signInAll('teacher');
    const [b] = await signInAll('teacher');
    await journal(b, lectures);
    await journal(b, labs);
    expect(await journal(b)).toEqual(await journal(a));
    const [other] = [await signIn(createTestApp({ seed: 2 }), 'teacher')];
    expect(await journal(other)).not.toEqual(await journal(a));
  });
});

describe('visitlog and the timetable', () => {
  it('holds each kind of lesson on the days the student’s schedule has it', async () => {
    const [student] = await signInAll('student');
    const schedule = await student.postData<
      { id_discipline: number; id_vid_zaniatiy: number; day_number: number; week_parity: number }[]
    >('/api/schedule/student.json', { ws: 1, year: 4, id: STUDENT });
    expect(schedule.status).toBe(200);
    for (const kind of [1, 2, 3]) {
      const days = new Set(
        schedule.body.data
          .filter((l) => l.id_discipline === 3001 && l.id_vid_zaniatiy === kind)
          .map((l) => l.day_number),
      );
      expect(days.size).toBeGreaterThan(0);
      const { resArray } = (await studentJournal(student, { id_vid_zaniatiy: kind })).body.data;
      expect(resArray.length).toBeGreaterThan(0);
      for (const { visitDate } of resArray) {
        const weekday = new Date(`${visitDate}T00:00:00Z`).getUTCDay() || 7; // 1 Monday … 7 Sunday
        expect(days).toContain(weekday);
      }
    }
  });
});

describe('visitlog/getjournalforstudent', () => {
  it('shows the student’s own row, as the teacher’s journal has it', async () => {
    const [teacher, student] = await signInAll('teacher', 'student');
    const own = await studentJournal(student);
    expect(own.status).toBe(200);
    const full = await journal(teacher);
    expect(own.body.data).toEqual({ resArray: full.resArray, data: [rowOf(full)] });
    // lectures come from the stream's journal
    const lecture = await studentJournal(student, { id_vid_zaniatiy: 1 });
    expect(lecture.body.data).toEqual({
      resArray: (await journal(teacher, lectures)).resArray,
      data: [rowOf(await journal(teacher, lectures))],
    });
  });

  it('is empty for a teacher or discipline the student does not have', async () => {
    const [student] = await signInAll('student');
    for (const fields of [{ id_teacher: 502 }, { id_discipline: 3024 }, { id_vid_zaniatiy: 7 }]) {
      const res = await studentJournal(student, fields);
      expect(res.body.data).toEqual({ resArray: [], data: [] });
    }
  });

  it('answers 403 for another student’s id and for a teacher', async () => {
    const [student, student2, teacher] = await signInAll('student', 'student2', 'teacher');
    // a groupmate's row (7002 is in the same group and class): x-owner says the caller's own
    for (const [client, fields] of [
      [student, { id_student: 7002 }],
      [student2, {}],
    ] as const) {
      expect(await studentJournal(client, fields)).toEqual({
        status: 403,
        body: { result: 1, error: 'Forbidden: body/id_student names another person', data: null },
      });
    }
    expect((await studentJournal(teacher)).status).toBe(403);
    // the student's own row still answers
    expect((await studentJournal(student)).body.data.data).toHaveLength(1);
    const bad = await student.post('/api/visitlog/getjournalforstudent', { id_student: STUDENT });
    expect(bad.status).toBe(400);
  });
});

describe('visitlog/getstudentslistsubgroupupdate', () => {
  it('shows what is stored for a date, and defaults for a date not held yet', async () => {
    const [teacher] = await signInAll('teacher');
    const j = await journal(teacher);
    const options = (
      await teacher.postData<Schema<'VisitLogAssessment'>[]>('/api/visitlog/getassessments', {
        id_vid_zaniatiy: practice.id_vid_zaniatiy,
      })
    ).body.data;
    const idOf = (name: string) => options.find((option) => option.name === name)?.id_otsenka;
    // A date whose roll holds an absence, a mark and a student without one, so each reading
    // below is checked whatever the world seeded.
    const marksOn = (column: number) => j.data.map((row) => row.dates[column]!.otsenka);
    const column = j.resArray.findIndex((_, i) => {
      const marks = marksOn(i);
      return marks.includes('н/б') && marks.includes('') && marks.some((m) => /^[2-5]$/.test(m));
    });
    expect(column).toBeGreaterThanOrEqual(0);
    const stored = await visitsOn(teacher, j.resArray[column]!.visitDate);
    // absent: the н/б option; no mark: present with -1; a mark: present with its option
    expect(stored).toEqual(
      j.data.map((row, i) => {
        const otsenka = marksOn(column)[i]!;
        return expect.objectContaining({
          id_student: row.id_student,
          otsenka,
          isVisited: otsenka !== 'н/б',
          id_otsenka: otsenka === '' ? -1 : idOf(otsenka),
        });
      }),
    );
    expect(idOf('н/б')).toBe(5);
    const fresh = await visitsOn(teacher, '2026-11-27');
    expect(fresh).toHaveLength(12);
    for (const v of fresh) {
      expect(v).toMatchObject({ isVisited: true, id_otsenka: -1, otsenka: '', timesCount: 2 });
    }
    expect((await visitsOn(teacher, '2026-11-27', practice, 2)).length).toBeLessThan(12);
  });
});

describe('visitlog/studentvisitupdate', () => {
  it('changes one student’s mark, which the journals then show', async () => {
    const [teacher, student] = await signInAll('teacher', 'student');
    const before = await journal(teacher);
    const date = before.resArray.at(-1)!.visitDate;
    const res = await teacher.postData(
      '/api/visitlog/studentvisitupdate',
      visit({ visitDate: date }),
    );
    expect(res).toEqual({ status: 200, body: { result: 0, error: null, data: true } });
    const after = await journal(teacher);
    expect(rowOf(after)?.dates.at(-1)?.otsenka).toBe('5');
    // nobody else changed
    expect(after.data.filter((r) => r.id_student !== STUDENT)).toEqual(
      before.data.filter((r) => r.id_student !== STUDENT),
    );
    expect(rowOf((await studentJournal(student)).body.data)?.dates.at(-1)?.otsenka).toBe('5');

    // absent: shown as н/б with the н/б option, whatever mark came with it
    await teacher.post(
      '/api/visitlog/studentvisitupdate',
      visit({ visitDate: date, isVisited: false, id_otsenka: 2, timesCount: 1 }),
    );
    const absent = (await visitsOn(teacher, date)).find((v) => v.id_student === STUDENT);
    expect(absent).toMatchObject({
      isVisited: false,
      id_otsenka: 5,
      otsenka: 'н/б',
      timesCount: 1,
    });
  });

  it('answers 400 for a date after today or outside the semester, and changes nothing', async () => {
    const [teacher] = await signInAll('teacher');
    const before = await journal(teacher);
    await expectError(
      teacher.post('/api/visitlog/studentvisitupdate', visit({ visitDate: '2026-11-21' })),
      400,
      'body/visitDate: a lesson date cannot be after today (2026-11-20)',
    );
    await expectError(
      teacher.post('/api/visitlog/studentvisitupdate', visit({ visitDate: '2026-06-15' })),
      400,
      'body/visitDate: outside the semester (2026-09-01 to 2027-01-31)',
    );
    expect(await journal(teacher)).toEqual(before);
  });

  it('answers 404 when nothing is stored for the student and date', async () => {
    const [teacher] = await signInAll('teacher');
    const noDate = await teacher.post(
      '/api/visitlog/studentvisitupdate',
      visit({ visitDate: '2026-11-15' }), // a Sunday: no lesson is stored
    );
    expect(noDate.status).toBe(404);
    expect(await noDate.json()).toMatchObject({ result: 1, data: null });
    // student2 is in the stream but not in group 101
    const date = (await journal(teacher)).resArray[0]!.visitDate;
    const notInClass = await teacher.post(
      '/api/visitlog/studentvisitupdate',
      visit({ visitDate: date, id_student: 7013 }),
    );
    expect(notInClass.status).toBe(404);
  });

  it('answers 403 and changes nothing for teacher2, a student, a foreign id_teacher, no XSRF', async () => {
    const [teacher, teacher2, student] = await signInAll('teacher', 'teacher2', 'student');
    const before = await journal(teacher);
    const body = visit({ visitDate: before.resArray[0]!.visitDate, id_otsenka: 4 });
    for (const [client, fields, options] of [
      [teacher2, {}, {}],
      [teacher2, { id_teacher: 502 }, {}],
      [student, {}, {}],
      [teacher, { id_teacher: 502 }, {}],
      [teacher, {}, { xsrf: false }],
    ] as const) {
      const res = await client.post(
        '/api/visitlog/studentvisitupdate',
        { ...body, ...fields },
        options,
      );
      expect(res.status).toBe(403);
    }
    expect(await journal(teacher)).toEqual(before);
  });

  it('answers 400 for a bad body and an unknown mark, changing nothing', async () => {
    const [teacher] = await signInAll('teacher');
    const before = await journal(teacher);
    const date = before.resArray[0]!.visitDate;
    const { id_otsenka: _, ...withoutMark } = visit({ visitDate: date });
    const cases: [unknown, string][] = [
      ['{"id_student": 7001', 'body: malformed JSON'],
      [withoutMark, 'body/id_otsenka: is required'],
      [visit({ visitDate: date, isVisited: 'да' }), 'body/isVisited: must be boolean'],
      [visit({ visitDate: date, timesCount: 0 }), 'body/timesCount: must be >= 1'],
      [
        visit({ visitDate: date, id_otsenka: 42 }),
        'body/id_otsenka: must be -1 or an id_otsenka from getassessments',
      ],
    ];
    for (const [body, error] of cases)
      await expectError(teacher.post('/api/visitlog/studentvisitupdate', body), 400, error);
    expect(await journal(teacher)).toEqual(before);
  });
});

describe('visitlog/studentvisitinsertall', () => {
  const classRows = (students: StudentRow[], visitDate: string, fields: object = {}) =>
    students.map((s, i) =>
      visit({
        id_student: s.id_student,
        visitDate,
        id_otsenka: (i % 5) + 1,
        isVisited: i % 5 !== 4,
        ...fields,
      }),
    );
  const students = async (client: Client) =>
    (
      await client.postData<StudentRow[]>('/api/visitlog/getstudentslist', {
        ...practice,
        visitDate: '2026-11-23',
      })
    ).body.data;

  it('adds a date for the whole class, which the journals show as the last column', async () => {
    const [teacher, student] = await signInAll('teacher', 'student');
    const list = await students(teacher);
    const res = await teacher.postData('/api/visitlog/studentvisitinsertall', {
      visits: classRows(list, TODAY, { timesCount: 4 }),
    });
    expect(res).toEqual({ status: 200, body: { result: 0, error: null, data: true } });
    const j = await journal(teacher);
    expect(j.resArray.at(-1)).toEqual({ visitDate: TODAY, timesCount: 4 });
    expect(j.data.map((row) => row.dates.at(-1)?.otsenka)).toEqual(
      list.map((_, i) => ['5', '4', '3', '2', 'н/б'][i % 5]),
    );
    const own = (await studentJournal(student)).body.data;
    expect(own.resArray.at(-1)?.visitDate).toBe(TODAY);
  });

  it('replaces stored rows of the listed students only', async () => {
    const [teacher] = await signInAll('teacher');
    const before = await journal(teacher);
    const date = before.resArray[1]!.visitDate;
    const [a, b] = before.data;
    await teacher.post('/api/visitlog/studentvisitinsertall', {
      visits: [
        visit({ id_student: a!.id_student, visitDate: date, id_otsenka: 4 }),
        visit({ id_student: b!.id_student, visitDate: date, id_otsenka: -1 }),
      ],
    });
    const after = await journal(teacher);
    expect(after.resArray).toEqual(before.resArray);
    expect(rowOf(after, a!.id_student)?.dates[1]?.otsenka).toBe('2');
    expect(rowOf(after, b!.id_student)?.dates[1]?.otsenka).toBe('');
    expect(after.data.slice(2)).toEqual(before.data.slice(2));
  });

  it('answers 400 for rows of different dates, foreign or repeated students, unknown marks', async () => {
    const [teacher] = await signInAll('teacher');
    const before = await journal(teacher);
    const list = await students(teacher);
    const rows = classRows(list, TODAY);
    const cases: [unknown, string][] = [
      [{ visits: [] }, 'body/visits: must NOT have fewer than 1 items'],
      [{}, 'body/visits: is required'],
      [
        { visits: [rows[0], { ...rows[1], visitDate: '2026-11-24' }] },
        'body/visits/1/visitDate: every row must be for one class and date',
      ],
      [
        { visits: [rows[0], { ...rows[1], id_vid_zaniatiy: 3 }] },
        'body/visits/1/id_vid_zaniatiy: every row must be for one class and date',
      ],
      [
        { visits: [rows[0], { ...rows[1], id_student: 7013 }] },
        'body/visits/1/id_student: not a student of this class',
      ],
      [
        { visits: [rows[0], rows[1], rows[0]] },
        'body/visits/2/id_student: the student has another row',
      ],
      [
        { visits: [rows[0], { ...rows[1], id_otsenka: 0 }] },
        'body/visits/1/id_otsenka: must be -1 or an id_otsenka from getassessments',
      ],
      [
        { visits: [{ ...rows[0], visitDate: '2026-02-30' }] },
        'body/visits/0/visitDate: must match format "date"',
      ],
      [
        { visits: classRows(list, '2026-11-23') },
        'body/visits/0/visitDate: a lesson date cannot be after today (2026-11-20)',
      ],
      [
        { visits: classRows(list, '2026-08-31') },
        'body/visits/0/visitDate: outside the semester (2026-09-01 to 2027-01-31)',
      ],
    ];
    for (const [body, error] of cases)
      await expectError(teacher.post('/api/visitlog/studentvisitinsertall', body), 400, error);
    expect(await journal(teacher)).toEqual(before);
  });

  it('answers 403 and changes nothing for teacher2, a student and without XSRF', async () => {
    const [teacher, teacher2, student] = await signInAll('teacher', 'teacher2', 'student');
    const before = await journal(teacher);
    const visits = classRows(await students(teacher), '2026-11-23');
    for (const [client, options] of [
      [teacher2, {}],
      [student, {}],
      [teacher, { xsrf: false }],
    ] as const) {
      const res = await client.post('/api/visitlog/studentvisitinsertall', { visits }, options);
      expect(res.status).toBe(403);
    }
    const theirs = visits.map((v) => ({ ...v, id_teacher: 502 }));
    expect(
      (await teacher2.post('/api/visitlog/studentvisitinsertall', { visits: theirs })).status,
    ).toBe(403);
    expect(await journal(teacher)).toEqual(before);
  });
});

describe('visitlog/journal/delete', () => {
  it('removes a date for every student; a second delete answers 404', async () => {
    const [teacher, student] = await signInAll('teacher', 'student');
    const before = await journal(teacher);
    const visitDate = before.resArray[2]!.visitDate;
    const res = await teacher.postData('/api/visitlog/journal/delete', { ...practice, visitDate });
    expect(res).toEqual({ status: 200, body: { result: 0, error: null, data: true } });
    const after = await journal(teacher);
    expect(after.resArray.map((c) => c.visitDate)).toEqual(
      before.resArray.map((c) => c.visitDate).filter((d) => d !== visitDate),
    );
    expect(after.data.every((row) => row.dates.every((d) => d.visitDate !== visitDate))).toBe(true);
    const own = (await studentJournal(student)).body.data;
    expect(own.resArray).toEqual(after.resArray);
    // the lab journal of the same group is another class
    expect((await journal(teacher, labs)).resArray.length).toBeGreaterThan(0);

    const again = await teacher.post('/api/visitlog/journal/delete', { ...practice, visitDate });
    expect(again.status).toBe(404);
  });

  it('answers 403 and keeps the date for teacher2, a student, without XSRF; 400 for a bad body', async () => {
    const [teacher, teacher2, student] = await signInAll('teacher', 'teacher2', 'student');
    const before = await journal(teacher);
    const body = { ...practice, visitDate: before.resArray[0]!.visitDate };
    for (const [client, options] of [
      [teacher2, {}],
      [student, {}],
      [teacher, { xsrf: false }],
    ] as const) {
      expect((await client.post('/api/visitlog/journal/delete', body, options)).status).toBe(403);
    }
    await expectBadRequest(
      teacher.post('/api/visitlog/journal/delete', { ...body, isPotok: 'нет' }),
      'body/isPotok: must be boolean',
    );
    expect(await journal(teacher)).toEqual(before);
  });
});

describe('visitlog and POST /__mock/reset', () => {
  it('restores the seeded journals after writes', () =>
    expectResetRestores(
      createTestApp(),
      'teacher',
      (teacher) => journal(teacher),
      async (teacher, seeded) => {
        const date = seeded.resArray[0]!.visitDate;
        await teacher.post(
          '/api/visitlog/studentvisitupdate',
          visit({ visitDate: date, id_otsenka: 4 }),
        );
        await teacher.post('/api/visitlog/journal/delete', {
          ...practice,
          visitDate: seeded.resArray[1]!.visitDate,
        });
        await teacher.post('/api/visitlog/studentvisitinsertall', {
          visits: [visit({ visitDate: TODAY })],
        });
      },
    ));
});

describe('lessonDates', () => {
  it('lists the timetable’s days of the semester half before today, without holidays', () => {
    const saturdays = lessonDates(2026, 1, [{ day_number: 6, week_parity: 0 }], TODAY);
    expect([...saturdays.keys()][0]).toBe('2026-09-05');
    expect(saturdays.has('2026-11-07')).toBe(false);
    expect([...saturdays.keys()].at(-1)).toBe('2026-11-14');
    expect(new Set(saturdays.values())).toEqual(new Set([1]));
    // odd weeks count from the week of 1 September (which starts on Monday 31 August)
    const oddFridays = lessonDates(2026, 1, [{ day_number: 5, week_parity: 1 }], TODAY);
    expect([...oddFridays.keys()].slice(0, 2)).toEqual(['2026-09-04', '2026-09-18']);
    const evenMondays = lessonDates(2026, 1, [{ day_number: 1, week_parity: 2 }], TODAY);
    expect([...evenMondays.keys()][0]).toBe('2026-09-07');
    // two pairs on one day make one date with both
    const twice = lessonDates(
      2026,
      1,
      [
        { day_number: 2, week_parity: 0 },
        { day_number: 2, week_parity: 0 },
      ],
      TODAY,
    );
    expect(twice.get('2026-09-01')).toBe(2);
    // a past spring, complete; 23 February is a holiday
    const spring = lessonDates(2025, 2, [{ day_number: 1, week_parity: 0 }], TODAY);
    expect(spring.size).toBe(16);
    expect(spring.has('2026-02-23')).toBe(false);
    // spring 2027 is still ahead
    expect(lessonDates(2026, 2, [{ day_number: 1, week_parity: 0 }], TODAY).size).toBe(0);
  });
});
