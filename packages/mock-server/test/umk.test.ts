import { describe, expect, it } from 'vitest';
import {
  CURRENT_WS,
  CURRENT_YEAR_ID,
  calendarSlice,
  examinations,
} from '../src/world/core/calendar.js';
import { studyKindOf } from '../src/world/core/study-kind.js';
import { examinationsOf, isPlanned, umkSlice } from '../src/world/umk/umk.js';
import { universitySlice } from '../src/world/core/university.js';
import {
  Client,
  createTestApp,
  downloadFile,
  expectBadForms,
  expectBadRequest,
  expectBuildOrderFree,
  expectError,
  expectForbidden,
  expectResetRestores,
  libraryBooks,
  pdfFile,
  seededWorld,
  signIn,
  type Envelope,
  type FormFields,
  type Schema,
  type SignedIn,
} from './helpers.js';

type UmkItem = Schema<'UmkItem'>;
type UmkDisciplineRow = Schema<'UmkDiscipline'>;

const seeded = seededWorld();
const { demo } = seeded.get(universitySlice);
const { offerings, disciplineById } = seeded.get(calendarSlice);

/** The demo student's current semester and one of its disciplines taught by the demo teacher. */
const current = offerings.filter(
  (o) =>
    o.id_group === demo.student.id_group && o.id_a_year === CURRENT_YEAR_ID && o.ws === CURRENT_WS,
);
const SEMESTER = current[0]?.id_semester ?? 0;
const taughtByTeacher = current.find((o) => o.id_teacher === demo.teacher.id);
const DISCIPLINE = disciplineById.get(taughtByTeacher?.id_discipline ?? 0);
if (!DISCIPLINE) throw new Error('the demo teacher teaches the demo student');
const EXAM = DISCIPLINE.id_examination;
/** Who asks in the student's calls: the demo student and their group. */
const asStudent = { uid: demo.student.uid, id_group: demo.student.id_group };
const row = {
  id_semester: SEMESTER,
  id_discipline: DISCIPLINE.id_discipline,
  id_examination: EXAM,
};

/** A teacher's materials for the row, as the signed-in client asks (id_human names them). */
const umkList = (client: SignedIn, fields: Partial<typeof row> = {}) =>
  client.postData<UmkItem[]>('/api/umk/umklist', {
    id_human: client.user.id,
    id_humanType: client.user.role,
    ...row,
    ...fields,
  });

/** The row's materials as the signed-in student asks (their uid and group). */
const studentList = (client: SignedIn, id_teacher = -1) =>
  client.postData<UmkItem[]>('/api/umk/getumklistforstud', {
    uid: client.user.uid,
    id_group: client.user.id_group ?? -1,
    ...row,
    id_teacher,
  });

const bookList = (client: SignedIn, id_bookCategory = -1) =>
  libraryBooks(client, client.user, id_bookCategory);

const saveForm = (fields: FormFields = {}) => ({
  idBook: -1,
  id_human: demo.teacher.id,
  id_humanType: 1,
  fileName: '',
  ...row,
  id_speciality: 41,
  id_typeUmk: 1,
  isHTMLBook: 'false',
  bookName: 'Лекции. Часть 2',
  author: 'Асанов Б.Э.',
  description: 'Нормализация, индексы и транзакции.',
  totalPages: 86,
  id_bookCategory: -1,
  isForEBooks: 'false',
  idUser: demo.teacher.uid,
  id_booksShare: -1,
  isSharedBookFromEBooks: 'false',
  kredits: DISCIPLINE.kredits,
  id_forStudentKind: 0,
  ...fields,
});

/** The default form's fields (`saveForm()`) as a list item of the saved material answers them. */
const FORM_AS_LISTED = {
  author: 'Асанов Б.Э.',
  description: 'Нормализация, индексы и транзакции.',
  totalPages: 86,
  id_forStudentKind: 0,
  isForEBooks: false,
  id_bookCategory: -1,
  isHTMLBook: false,
};

/** Saves a material as the signed-in client (id_human, id_humanType and idUser name them). */
const save = (client: SignedIn, fields: FormFields = {}) =>
  client.postForm(
    '/api/umk/insertorupdateumk',
    saveForm({
      id_human: client.user.id,
      id_humanType: client.user.role,
      idUser: client.user.uid,
      ...fields,
    }),
  );

async function saved(res: Response) {
  expect(res.status).toBe(200);
  return ((await res.json()) as Envelope<{ id_books: number }>).data.id_books;
}

const pdf = (name = 'Лекции_БД_ч2.pdf') => pdfFile(name);

describe('umk/types', () => {
  it('lists every kind of material, for teachers and students', async () => {
    const app = createTestApp();
    for (const login of ['teacher', 'student'] as const) {
      const { status, body } = await (
        await signIn(app, login)
      ).postData<Schema<'UmkType'>[]>('/api/umk/types', {});
      expect(status).toBe(200);
      expect(body.data.map((t) => t.name)).toEqual(
        expect.arrayContaining(['Лекции', 'Силлабус', 'Лабораторные работы']),
      );
      expect(new Set(body.data.map((t) => t.id_typeUmk)).size).toBe(body.data.length);
    }
  });

  it('answers 401 without a session', async () => {
    const res = await new Client(createTestApp()).post('/api/umk/types', {});
    expect(res.status).toBe(401);
  });
});

describe('umk/semesters', () => {
  it('lists the semesters the teacher teaches in, ascending', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const { body } = await teacher.postData<Schema<'Semester'>[]>('/api/umk/semesters', {
      uid: demo.teacher.uid,
    });
    const expected = [
      ...new Set(
        offerings.filter((o) => o.id_teacher === demo.teacher.id).map((o) => o.id_semester),
      ),
    ].sort((a, b) => a - b);
    expect(body.data.map((s) => s.id_semester)).toEqual(expected);
    expect(body.data[0]).toEqual({ id_semester: expected[0], name: `${expected[0]} семестр` });
  });

  it('answers 403 to a student and 400 for a bad body', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    expect((await student.post('/api/umk/semesters', { uid: 1 })).status).toBe(403);
    await expectBadRequest(
      (await signIn(app, 'teacher')).post('/api/umk/semesters', { uid: 'x' }),
      'body/uid: must be integer',
    );
  });
});

describe('umk/semestersforstud', () => {
  it('lists the semesters the student’s group has studied so far', async () => {
    const student = await signIn(createTestApp(), 'student');
    const { body } = await student.postData<Schema<'Semester'>[]>(
      '/api/umk/semestersforstud',
      asStudent,
    );
    expect(body.data).toEqual([{ id_semester: SEMESTER, name: `${SEMESTER} семестр` }]);
  });

  it('answers 403 to a teacher and 400 without id_group', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    expect(
      (await teacher.post('/api/umk/semestersforstud', { uid: 1, id_group: 101 })).status,
    ).toBe(403);
    await expectBadRequest(
      (await signIn(app, 'student')).post('/api/umk/semestersforstud', { uid: 1 }),
      'body/id_group: is required',
    );
  });
});

describe('umk/disciplines', () => {
  it('gives one row per discipline, form of control and speciality the teacher teaches', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const { body } = await teacher.postData<UmkDisciplineRow[]>('/api/umk/disciplines', {
      uid: demo.teacher.uid,
      id_semester: SEMESTER,
    });
    expect(body.data).toContainEqual({
      id_discipline: DISCIPLINE.id_discipline,
      name: DISCIPLINE.name,
      kredits: DISCIPLINE.kredits,
      id_examination: EXAM,
      examinationName: examinations.find((e) => e.id_examination === EXAM)?.name,
      id_speciality: 41,
      specialityName: 'Прикладная информатика',
    });
    const taught = new Set(
      offerings
        .filter((o) => o.id_teacher === demo.teacher.id && o.id_semester === SEMESTER)
        .map((o) => o.id_discipline),
    );
    expect(new Set(body.data.map((r) => r.id_discipline))).toEqual(taught);
    const keys = body.data.map((r) => `${r.id_discipline} ${r.id_examination}`);
    expect(new Set(keys).size).toBe(keys.length);
    // teacher2 teaches other disciplines
    const other = await (
      await signIn(createTestApp(), 'teacher2')
    ).postData<UmkDisciplineRow[]>('/api/umk/disciplines', {
      uid: demo.teacher2.uid,
      id_semester: SEMESTER,
    });
    expect(other.body.data.map((r) => r.id_discipline)).not.toContain(DISCIPLINE.id_discipline);
  });

  it('adds a course work row for the heaviest disciplines', async () => {
    const heavy = [...disciplineById.values()].find((d) => d.kredits >= 6);
    expect(heavy && examinationsOf(heavy).map((e) => e.name)).toEqual([
      expect.any(String),
      'Курсовая работа',
    ]);
  });

  it('answers 403 to a student and 400 without the semester', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    expect((await student.post('/api/umk/disciplines', { uid: 1, id_semester: 1 })).status).toBe(
      403,
    );
    const bad = await (await signIn(app, 'teacher')).post('/api/umk/disciplines', { uid: 1 });
    expect(await bad.json()).toMatchObject({ error: 'body/id_semester: is required' });
  });
});

describe('umk/disciplinesforstud and getstudentexamtypes', () => {
  it('list the group’s plan for the semester and each discipline’s forms of control', async () => {
    const student = await signIn(createTestApp(), 'student');
    const { body } = await student.postData<Schema<'Discipline'>[]>('/api/umk/disciplinesforstud', {
      ...asStudent,
      id_semester: SEMESTER,
    });
    expect(body.data.map((d) => d.id_discipline)).toEqual(
      current.map((o) => o.id_discipline).sort((a, b) => a - b),
    );
    expect(body.data).toContainEqual({
      id_discipline: DISCIPLINE.id_discipline,
      name: DISCIPLINE.name,
      kredits: DISCIPLINE.kredits,
      id_examination: EXAM,
    });

    const exams = await student.postData<Schema<'UmkExamType'>[]>('/api/umk/getstudentexamtypes', {
      id_group: demo.student.id_group,
      id_semester: SEMESTER,
      id_discipline: DISCIPLINE.id_discipline,
    });
    expect(exams.body.data).toEqual(examinationsOf(DISCIPLINE));
    expect(exams.body.data[0]?.id_examination).toBe(EXAM);
    // a discipline outside the group's plan has none
    const outside = await student.postData<unknown[]>('/api/umk/getstudentexamtypes', {
      id_group: demo.student.id_group,
      id_semester: SEMESTER,
      id_discipline: 3999,
    });
    expect(outside.body.data).toEqual([]);
  });

  it('answer 403 to a teacher and 400 for a mistyped field', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const body = { uid: 1, id_group: 101, id_semester: 1, id_discipline: 3001 };
    expect((await teacher.post('/api/umk/disciplinesforstud', body)).status).toBe(403);
    expect((await teacher.post('/api/umk/getstudentexamtypes', body)).status).toBe(403);
    const student = await signIn(app, 'student');
    const bad = await student.post('/api/umk/getstudentexamtypes', {
      ...body,
      id_discipline: '1a',
    });
    expect(await bad.json()).toMatchObject({ error: 'body/id_discipline: must be integer' });
  });
});

describe('umk/getumkteachers', () => {
  it('lists the owners of the discipline’s materials, by name', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const query = { id_group: demo.student.id_group, ...row };
    const { body } = await student.postData<Schema<'Teacher'>[]>('/api/umk/getumkteachers', query);
    expect(body.data).toContainEqual({ id_teacher: demo.teacher.id, t_fio: demo.teacher.fullName });
    expect(body.data.length).toBeGreaterThan(1);
    const names = body.data.map((t) => t.t_fio);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ru')));
    // exactly the teachers the student's list shows
    const list = await studentList(student);
    expect(new Set(list.body.data.map((i) => i.id_teacher))).toEqual(
      new Set(body.data.map((t) => t.id_teacher)),
    );
    // a teacher may ask too; outside the plan there are none
    const teacher = await signIn(app, 'teacher');
    const asTeacher = await teacher.postData<Schema<'Teacher'>[]>('/api/umk/getumkteachers', query);
    expect(asTeacher.body.data.map((t) => t.id_teacher)).toContain(demo.teacher.id);
    const outside = await student.postData('/api/umk/getumkteachers', { ...query, id_semester: 7 });
    expect(outside.body.data).toEqual([]);
  });
});

describe('umk/umklist', () => {
  it('lists the teacher’s own materials for the row, newest first', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const { status, body } = await umkList(teacher);
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThan(0);
    for (const item of body.data) {
      expect(item).toMatchObject({
        id_teacher: demo.teacher.id,
        t_fio: demo.teacher.fullName,
        id_discipline: DISCIPLINE.id_discipline,
        id_examination: EXAM,
      });
      expect(item.umkName).toContain(DISCIPLINE.name);
    }
    const ids = body.data.map((i) => i.id_books);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // teacher2 owns none of them
    const other = await umkList(await signIn(createTestApp(), 'teacher2'));
    expect(other.body.data).toEqual([]);
  });

  it('answers 403 to a student and 400 for an unknown humanType', async () => {
    const app = createTestApp();
    expect((await umkList(await signIn(app, 'student'))).status).toBe(403);
    const bad = await (
      await signIn(app, 'teacher')
    ).post('/api/umk/umklist', {
      id_human: 501,
      id_humanType: 3,
      ...row,
    });
    expect(await bad.json()).toMatchObject({ error: 'body/id_humanType: must be one of 1, 2' });
  });
});

describe('umk/getumklistforstud', () => {
  it('lists the materials of every teacher of the discipline, grouped by teacher', async () => {
    const student = await signIn(createTestApp(), 'student');
    const { body } = await studentList(student);
    expect(body.data.length).toBeGreaterThan(1);
    expect(body.data.every((i) => i.id_discipline === DISCIPLINE.id_discipline)).toBe(true);
    const names = body.data.map((i) => i.t_fio);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ru')));
    expect(names).toContain(demo.teacher.fullName);

    const own = await studentList(student, demo.teacher.id);
    expect(own.body.data.length).toBeGreaterThan(0);
    expect(own.body.data.every((i) => i.id_teacher === demo.teacher.id)).toBe(true);
  });

  it('keeps only materials aimed at the student’s form of study', async () => {
    const university = seeded.get(universitySlice);
    expect(studyKindOf(university, demo.student.id_group)).toBe(1);
    expect(studyKindOf(university, demo.student2.id_group)).toBe(2);
    const items = seeded
      .get(umkSlice)
      .items.filter(
        (i) => i.id_discipline === DISCIPLINE.id_discipline && i.id_examination === EXAM,
      );
    const app = createTestApp();
    const fullTime = (await studentList(await signIn(app, 'student'))).body.data;
    const distance = (await studentList(await signIn(app, 'student2'))).body.data;
    const idsFor = (kind: number) =>
      items
        .filter((i) => i.id_forStudentKind === 0 || i.id_forStudentKind === kind)
        .map((i) => i.id_books)
        .sort();
    expect(fullTime.map((i) => i.id_books).sort()).toEqual(idsFor(1));
    expect(distance.map((i) => i.id_books).sort()).toEqual(idsFor(2));
    expect(idsFor(1)).not.toEqual(idsFor(2));
  });

  it('is empty for a discipline outside the group’s plan; 403 to a teacher', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const res = await student.postData('/api/umk/getumklistforstud', {
      uid: demo.student.uid,
      id_group: demo.student.id_group,
      ...row,
      id_discipline: 3999,
      id_teacher: -1,
    });
    expect(res.body.data).toEqual([]);
    expect((await studentList(await signIn(app, 'teacher'))).status).toBe(403);
  });
});

describe('umk/bookcategories', () => {
  it('lists the e-library categories of a base category', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const { body } = await teacher.postData<Schema<'LibraryBookCategory'>[]>(
      '/api/umk/bookcategories',
      { id_baseBookCategory: 1 },
    );
    expect(body.data.map((c) => c.name)).toContain('Информатика');
    expect(body.data.every((c) => c.id_baseBookCategory === 1)).toBe(true);
    const none = await teacher.postData('/api/umk/bookcategories', { id_baseBookCategory: 99 });
    expect(none.body.data).toEqual([]);
  });
});

describe('umk/insertorupdateumk', () => {
  it('creates a material that the teacher’s and the students’ lists then show', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const id = await saved(await save(teacher, { file: pdf() }));
    const [first] = (await umkList(teacher)).body.data;
    expect(first).toEqual({
      id_books: id,
      id_typeUmk: 1,
      umkName: 'Лекции. Часть 2',
      id_discipline: DISCIPLINE.id_discipline,
      id_examination: EXAM,
      id_teacher: demo.teacher.id,
      t_fio: demo.teacher.fullName,
      fileName: 'Лекции_БД_ч2.pdf',
      // what the owner's edit form starts from
      ...FORM_AS_LISTED,
      id_booksShare: -1,
    });
    for (const login of ['student', 'student2'] as const) {
      const list = await studentList(await signIn(app, login));
      expect(list.body.data.map((i) => i.id_books)).toContain(id);
    }
    // not published: the e-library does not have it
    const books = (await bookList(teacher)).body.data;
    expect(books.some((b) => b.name === 'Лекции. Часть 2')).toBe(false);
  });

  it('answers 507 once the stored uploads reach --max-storage-mb, saving nothing', async () => {
    const teacher = await signIn(createTestApp({ maxStorageMb: 1 }), 'teacher');
    const scan = (name: string) => new File([new Uint8Array(600 * 1024)], name);
    expect((await save(teacher, { file: scan('Часть 1.pdf') })).status).toBe(200);
    const before = (await umkList(teacher)).body.data;
    await expectError(
      save(teacher, { bookName: 'Часть 2', file: scan('Часть 2.pdf') }),
      507,
      expect.stringMatching(/^Insufficient storage/),
    );
    expect((await umkList(teacher)).body.data).toEqual(before);
  });

  it('aims a material at one form of study', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const id = await saved(await save(teacher, { id_forStudentKind: 2, file: pdf() }));
    const fullTime = await studentList(await signIn(app, 'student'));
    const distance = await studentList(await signIn(app, 'student2'));
    expect(fullTime.body.data.map((i) => i.id_books)).not.toContain(id);
    expect(distance.body.data.map((i) => i.id_books)).toContain(id);
  });

  it('publishes to the e-library with isForEBooks, and takes it out again', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const id = await saved(
      await save(teacher, { isForEBooks: 'true', id_bookCategory: 11, file: pdf('БД.pdf') }),
    );
    const published = (await bookList(teacher, 11)).body.data.find(
      (b) => b.name === 'Лекции. Часть 2',
    );
    expect(published).toMatchObject({
      author: 'Асанов Б.Э.',
      totalPages: 86,
      fileName: 'БД.pdf',
      id_bookCategory: 11,
      isFromUmk: true,
      id_human: demo.teacher.id,
      id_humanType: 1,
    });
    // an update renames the copy too (the file is kept)
    await saved(
      await save(teacher, {
        idBook: id,
        bookName: 'Лекции. Часть 2 (исправлено)',
        fileName: 'БД.pdf',
        isForEBooks: 'true',
        id_bookCategory: 11,
      }),
    );
    const renamed = (await bookList(teacher, 11)).body.data.find(
      (b) => b.id_eBook === published?.id_eBook,
    );
    expect(renamed).toMatchObject({ name: 'Лекции. Часть 2 (исправлено)', fileName: 'БД.pdf' });
    // saving with isForEBooks false takes it out of the e-library
    await saved(await save(teacher, { idBook: id, fileName: 'БД.pdf' }));
    const after = (await bookList(teacher)).body.data;
    expect(after.map((b) => b.id_eBook)).not.toContain(published?.id_eBook);
    const [first] = (await umkList(teacher)).body.data;
    expect(first).toMatchObject({ id_books: id, fileName: 'БД.pdf' });
  });

  it('updates the owner’s material, keeping its file unless a new one comes', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const [target] = (await umkList(teacher)).body.data;
    if (!target) throw new Error('the demo teacher has materials');
    const id = await saved(
      await save(teacher, {
        idBook: target.id_books,
        id_typeUmk: 4,
        bookName: 'Силлабус (обновлённый)',
        fileName: target.fileName ?? '',
      }),
    );
    expect(id).toBe(target.id_books);
    let list = (await umkList(teacher)).body.data;
    expect(list.find((i) => i.id_books === id)).toEqual({
      ...target,
      id_typeUmk: 4,
      umkName: 'Силлабус (обновлённый)',
      // the form's other fields as sent
      ...FORM_AS_LISTED,
    });

    await save(teacher, { idBook: id, file: pdf('Новый.pdf') });
    list = (await umkList(teacher)).body.data;
    expect(list.find((i) => i.id_books === id)?.fileName).toBe('Новый.pdf');

    // an HTML book has no file
    await save(teacher, { idBook: id, isHTMLBook: 'true' });
    list = (await umkList(teacher)).body.data;
    expect(list.find((i) => i.id_books === id)?.fileName).toBeNull();
  });

  it('takes a form’s booleans as the contract writes them: true or false in any case, or 1 and 0', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const htmlBookOf = async (id: number) =>
      (await umkList(teacher)).body.data.find((i) => i.id_books === id)?.isHTMLBook;
    // as Python's requests (and so Schemathesis) writes them, numbers as decimal text
    for (const [written, meant] of [
      ['True', true],
      ['FALSE', false],
      ['1', true],
      ['0', false],
      ['true', true],
      ['False', false],
    ] as const) {
      const id = await saved(
        await save(teacher, {
          isHTMLBook: written,
          isForEBooks: 'False',
          isSharedBookFromEBooks: '0',
          totalPages: '86',
          file: pdf(),
        }),
      );
      expect(await htmlBookOf(id), written).toBe(meant);
    }
    for (const written of ['yes', '', 'truthy', '2', ' true']) {
      await expectBadRequest(
        save(teacher, { isHTMLBook: written, file: pdf() }),
        'body/isHTMLBook: must be boolean',
      );
    }
  });

  it('points a material at an existing e-library book', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const [book] = (await bookList(teacher, 11)).body.data;
    const id = await saved(
      await save(teacher, {
        isSharedBookFromEBooks: 'true',
        id_booksShare: book?.id_eBook ?? 0,
        isForEBooks: 'true',
        id_bookCategory: 11,
      }),
    );
    const item = (await umkList(teacher)).body.data.find((i) => i.id_books === id);
    expect(item?.fileName).toBe(book?.fileName);
    // it is not published a second time
    const after = (await bookList(teacher, 11)).body.data;
    expect(after.filter((b) => b.name === 'Лекции. Часть 2')).toEqual([]);
  });

  it('answers 403 and changes nothing for another teacher’s material, a student, no XSRF', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const before = await umkList(teacher);
    const [target] = before.body.data;
    const booksBefore = await bookList(teacher);
    const edit = { idBook: target?.id_books ?? 0, bookName: 'Чужое', file: pdf() };
    const attempts: [SignedIn, object][] = [
      [await signIn(app, 'teacher2'), {}],
      [await signIn(app, 'student'), {}],
      [teacher, { xsrf: false }],
    ];
    // each sends its own ids: the item's owner is what refuses teacher2
    const own = (client: SignedIn) => ({
      id_human: client.user.id,
      id_humanType: client.user.role,
      idUser: client.user.uid,
    });
    for (const [client, options] of attempts) {
      await expectForbidden(
        client.postForm(
          '/api/umk/insertorupdateumk',
          saveForm({ ...edit, ...own(client) }),
          options,
        ),
      );
    }
    const [[teacher2]] = attempts as [[SignedIn, object]];
    await expectError(
      teacher2.postForm('/api/umk/insertorupdateumk', saveForm({ ...edit, ...own(teacher2) })),
      403,
      'Forbidden: only the owner may edit this material',
    );
    // a student or a request without XSRF may not create either
    for (const [client, options] of attempts.slice(1)) {
      const res = await client.postForm('/api/umk/insertorupdateumk', saveForm(), options);
      expect(res.status).toBe(403);
    }
    expect(await umkList(teacher)).toEqual(before);
    const after = await umkList(teacher);
    expect(after.body.data.find((i) => i.id_books === target?.id_books)).toEqual(target);
    expect(await bookList(teacher)).toEqual(booksBefore);
  });

  it('answers 404 for an unknown material, discipline, shared book or category', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const before = await umkList(teacher);
    const cases: [Record<string, string | number>, string][] = [
      [{ idBook: 99999 }, 'Not found: no material 99999'],
      [{ id_discipline: 3999 }, 'Not found: no discipline 3999'],
      [
        { isSharedBookFromEBooks: 'true', id_booksShare: 99999 },
        'Not found: no e-library book 99999',
      ],
      [{ isForEBooks: 'true', id_bookCategory: 99 }, 'Not found: no book category 99'],
    ];
    for (const [fields, error] of cases) await expectError(save(teacher, fields), 404, error);
    expect(await umkList(teacher)).toEqual(before);
  });

  it('answers 400 naming the field for a bad form', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const before = await umkList(teacher);
    const { bookName: _, ...withoutName } = saveForm();
    const cases: [FormFields, string][] = [
      [withoutName, 'body/bookName: is required'],
      [saveForm({ idBook: 'новый' }), 'body/idBook: must be integer'],
      [saveForm({ id_forStudentKind: 5 }), 'body/id_forStudentKind: must be one of 0, 1, 2'],
      [saveForm({ isForEBooks: 'да' }), 'body/isForEBooks: must be boolean'],
      [saveForm({ totalPages: -1 }), 'body/totalPages: must be >= 0'],
      [saveForm({ bookName: '' }), 'body/bookName: must NOT have fewer than 1 characters'],
      [saveForm({ file: 'not a file' }), 'body/file: must be a file'],
      [saveForm({ id_typeUmk: 99 }), 'body/id_typeUmk: must be one of the umk/types ids'],
    ];
    await expectBadForms(teacher, '/api/umk/insertorupdateumk', cases, saveForm());
    expect(await umkList(teacher)).toEqual(before);
  });

  it('answers 413 for a file over maxSizeMb', async () => {
    const teacher = await signIn(createTestApp({ maxSizeMb: 0.01 }), 'teacher');
    const before = await umkList(teacher);
    const res = await save(teacher, { file: new File([new Uint8Array(11 * 1024)], 'big.pdf') });
    expect(res.status).toBe(413);
    expect(await umkList(teacher)).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const res = await new Client(createTestApp()).postForm(
      '/api/umk/insertorupdateumk',
      saveForm(),
    );
    expect(res.status).toBe(401);
  });
});

describe('umk/deletebook', () => {
  /** Deletes a material as the signed-in client (id_human and id_humanType name them). */
  const remove = (client: SignedIn, id_books: number, options = {}) =>
    client.post(
      '/api/umk/deletebook',
      { id_human: client.user.id, id_humanType: client.user.role, id_books },
      options,
    );

  it('deletes the owner’s material, and its e-library copy', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const id = await saved(
      await save(teacher, { isForEBooks: 'true', id_bookCategory: 11, file: pdf() }),
    );
    expect((await bookList(teacher, 11)).body.data.some((b) => b.name === 'Лекции. Часть 2')).toBe(
      true,
    );
    const res = await remove(teacher, id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ result: 0, error: null, data: true });
    expect((await umkList(teacher)).body.data.map((i) => i.id_books)).not.toContain(id);
    expect(
      (await studentList(await signIn(app, 'student'))).body.data.map((i) => i.id_books),
    ).not.toContain(id);
    expect((await bookList(teacher, 11)).body.data.some((b) => b.name === 'Лекции. Часть 2')).toBe(
      false,
    );
    expect((await remove(teacher, id)).status).toBe(404);
  });

  it('answers 403 and keeps the material for teacher2, a student and without XSRF', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const before = await umkList(teacher);
    const id = before.body.data[0]?.id_books ?? 0;
    for (const [client, options] of [
      [await signIn(app, 'teacher2'), {}],
      [await signIn(app, 'student'), {}],
      [teacher, { xsrf: false }],
    ] as const) {
      const res = await remove(client, id, options);
      expect(res.status).toBe(403);
    }
    // teacher2 named themselves: the material's owner is what refuses them
    expect(await (await remove(await signIn(app, 'teacher2'), id)).json()).toEqual({
      result: 1,
      error: 'Forbidden: only the owner may delete it',
      data: null,
    });
    expect(await umkList(teacher)).toEqual(before);
  });

  it('answers 404 for an unknown material and 400 for a bad body', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const unknown = await remove(teacher, 99999);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({
      result: 1,
      error: 'Not found: no material 99999',
      data: null,
    });
    await expectBadRequest(
      teacher.post('/api/umk/deletebook', { id_human: 501, id_humanType: 1 }),
      'body/id_books: is required',
    );
  });
});

describe('a distance-only material published to the e-library (id_forStudentKind 2, isForEBooks)', () => {
  const ids = (items: { id_books: number }[]) => items.map((item) => item.id_books);
  const books = (items: { id_eBook: number }[]) => items.map((book) => book.id_eBook);
  /**
   * A material for one kind of student (1 full-time, 2 distance) saved with its PDF and published
   * to the e-library's category 11: its id, and the book the teacher finds there under its name.
   */
  async function publishFor(
    teacher: SignedIn,
    id_forStudentKind: 1 | 2,
    bookName: string,
    fileName: string,
  ) {
    const id = await saved(
      await save(teacher, {
        bookName,
        id_forStudentKind,
        isForEBooks: 'true',
        id_bookCategory: 11,
        file: pdf(fileName),
      }),
    );
    const book = (await bookList(teacher, 11)).body.data.find((b) => b.name === bookName);
    if (!book) throw new Error('the material was not published');
    return { id, book };
  }

  it('reaches no full-time student by any path, and still reaches teachers and distance students', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const teacher2 = await signIn(app, 'teacher2');
    const fullTime = await signIn(app, 'student'); // ПИ-1-26: full-time
    const distance = await signIn(app, 'student2'); // ПИ-2-26: distance, the same plan
    const university = seeded.get(universitySlice);
    expect(studyKindOf(university, demo.student.id_group)).toBe(1);
    expect(studyKindOf(university, demo.student2.id_group)).toBe(2);

    const { id, book } = await publishFor(teacher, 2, 'Только для дистанта', 'Дистант.pdf');
    expect(book.fileName).toBe('Дистант.pdf');

    // the study materials list (umk/getumklistforstud)
    expect(ids((await studentList(fullTime)).body.data)).not.toContain(id);
    expect(ids((await studentList(distance)).body.data)).toContain(id);
    // the e-library list, whole and by category (library/getbooklist)
    for (const category of [-1, 11]) {
      expect(books((await bookList(fullTime, category)).body.data)).not.toContain(book.id_eBook);
      expect(books((await bookList(distance, category)).body.data)).toContain(book.id_eBook);
      expect(books((await bookList(teacher2, category)).body.data)).toContain(book.id_eBook);
    }
    // its file, as a material (type 1) and as an e-library book (type 2): 404 as for no file
    expect((await downloadFile(fullTime, 1, id, 'Дистант.pdf')).status).toBe(404);
    expect((await downloadFile(fullTime, 2, book.id_eBook, 'Дистант.pdf')).status).toBe(404);
    expect((await downloadFile(distance, 1, id, 'Дистант.pdf')).status).toBe(200);
    expect((await downloadFile(teacher, 1, id, 'Дистант.pdf')).status).toBe(200);
    for (const reader of [distance, teacher, teacher2]) {
      expect((await downloadFile(reader, 2, book.id_eBook, 'Дистант.pdf')).status).toBe(200);
    }

    // a material for all students that shares the distance-only book is no way around it
    const sharing = await saved(
      await save(teacher, {
        bookName: 'Ссылка на книгу',
        isSharedBookFromEBooks: 'true',
        id_booksShare: book.id_eBook,
        id_forStudentKind: 0,
      }),
    );
    expect(ids((await studentList(fullTime)).body.data)).not.toContain(sharing);
    expect((await downloadFile(fullTime, 1, sharing, 'Дистант.pdf')).status).toBe(404);
    expect(ids((await studentList(distance)).body.data)).toContain(sharing);
    expect((await downloadFile(distance, 1, sharing, 'Дистант.pdf')).status).toBe(200);

    // aimed at all students again, it reaches the full-time student by every path
    await saved(
      await save(teacher, {
        idBook: id,
        bookName: 'Только для дистанта',
        fileName: 'Дистант.pdf',
        id_forStudentKind: 0,
        isForEBooks: 'true',
        id_bookCategory: 11,
      }),
    );
    expect(ids((await studentList(fullTime)).body.data)).toEqual(
      expect.arrayContaining([id, sharing]),
    );
    expect(books((await bookList(fullTime, 11)).body.data)).toContain(book.id_eBook);
    expect((await downloadFile(fullTime, 1, id, 'Дистант.pdf')).status).toBe(200);
    expect((await downloadFile(fullTime, 2, book.id_eBook, 'Дистант.pdf')).status).toBe(200);
  });

  it('keeps a full-time-only book from distance students the same way', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const { book } = await publishFor(teacher, 1, 'Только для очников', 'Очно.pdf');
    const distance = await signIn(app, 'student2');
    expect(books((await bookList(distance)).body.data)).not.toContain(book.id_eBook);
    expect((await downloadFile(distance, 2, book.id_eBook, 'Очно.pdf')).status).toBe(404);
    const fullTime = await signIn(app, 'student');
    expect(books((await bookList(fullTime)).body.data)).toContain(book.id_eBook);
  });
});

describe('umk and POST /__mock/reset', () => {
  it('restores the seeded materials after writes', async () => {
    const app = createTestApp();
    const books = await bookList(await signIn(app, 'teacher'));
    await expectResetRestores(app, 'teacher', umkList, async (teacher, before) => {
      await save(teacher, { isForEBooks: 'true', id_bookCategory: 11, file: pdf() });
      await teacher.post('/api/umk/deletebook', {
        id_human: demo.teacher.id,
        id_humanType: 1,
        id_books: before.body.data[0]?.id_books,
      });
    });
    expect(await bookList(await signIn(app, 'teacher'))).toEqual(books);
  });

  it('builds the same materials whatever slice was built first', () =>
    expectBuildOrderFree(umkSlice));
});

describe('UMK files (download type 1)', () => {
  const download = (client: Client, id: number, name: string) => downloadFile(client, 1, id, name);

  it('serves the uploaded bytes of a material, and a seeded material as a PDF', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const bytes = new Uint8Array([37, 80, 68, 70, 9, 8, 7]);
    const id = await saved(
      await save(teacher, { file: new File([bytes], 'Лекция 5.pdf', { type: 'application/pdf' }) }),
    );
    const file = await download(teacher, id, 'Лекция 5.pdf');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    expect((await download(teacher, id, 'чужой.pdf')).status).toBe(404);

    const seeded = (await umkList(teacher)).body.data.find(
      (item) => item.id_books !== id && item.fileName?.endsWith('.pdf'),
    );
    expect(seeded).toBeDefined();
    const seededFile = await download(teacher, seeded?.id_books ?? 0, seeded?.fileName ?? '');
    expect(seededFile.status).toBe(200);
    expect(new TextDecoder().decode(await seededFile.arrayBuffer())).toMatch(/^%PDF-1\.4/);
  });

  it('follows the lists: the owner, and students of the plan and form of study it is aimed at', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const bytes = new Uint8Array([37, 80, 68, 70, 1, 2, 3]);
    const file = () => new File([bytes], 'Заочникам.pdf', { type: 'application/pdf' });
    // aimed at distance students: the full-time demo student neither lists nor downloads it
    const distanceOnly = await saved(await save(teacher, { id_forStudentKind: 2, file: file() }));
    const fullTime = await signIn(app, 'student');
    const distance = await signIn(app, 'student2');
    expect((await download(fullTime, distanceOnly, 'Заочникам.pdf')).status).toBe(404);
    const allowed = await download(distance, distanceOnly, 'Заочникам.pdf');
    expect(allowed.status).toBe(200);
    expect(new Uint8Array(await allowed.arrayBuffer())).toEqual(bytes);
    expect((await download(teacher, distanceOnly, 'Заочникам.pdf')).status).toBe(200);
    // another teacher does not list other teachers' materials, so cannot download them
    const teacher2 = await signIn(app, 'teacher2');
    expect((await download(teacher2, distanceOnly, 'Заочникам.pdf')).status).toBe(404);

    // aimed at full-time students: the other way round
    const fullTimeOnly = await saved(await save(teacher, { id_forStudentKind: 1, file: file() }));
    expect((await download(fullTime, fullTimeOnly, 'Заочникам.pdf')).status).toBe(200);
    expect((await download(distance, fullTimeOnly, 'Заочникам.pdf')).status).toBe(404);
  });

  it('refuses a student whose group does not study the discipline, whatever the file type', async () => {
    const world = seededWorld();
    const student = world.get(universitySlice).demo.student;
    const outside = world
      .get(umkSlice)
      .items.find(
        (item) =>
          item.fileName !== null &&
          item.id_forStudentKind === 0 &&
          !isPlanned(world, student.id_group, item),
      );
    if (!outside?.fileName) throw new Error('the world has materials of other groups');
    const app = createTestApp();
    const reader = await signIn(app, 'student');
    const refused = await download(reader, outside.id_books, outside.fileName);
    // the same answer as for a material that does not exist: nothing leaks
    const missing = await download(reader, 999_999, outside.fileName);
    expect(refused.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await refused.json()).toEqual(await missing.json());
    // for every kind of file the same rule (seeded .docx, .pptx, .xlsx too)
    const kinds = new Set(
      world
        .get(umkSlice)
        .items.filter((item) => !isPlanned(world, student.id_group, item) && item.fileName)
        .map((item) => item.fileName?.split('.').pop()),
    );
    expect(kinds.size).toBeGreaterThan(1);
    for (const extension of kinds) {
      const other = world
        .get(umkSlice)
        .items.find(
          (item) =>
            item.fileName?.endsWith(`.${extension}`) && !isPlanned(world, student.id_group, item),
        );
      expect((await download(reader, other?.id_books ?? 0, other?.fileName ?? '')).status).toBe(
        404,
      );
    }
  });

  it('answers 401 without a session', async () => {
    const app = createTestApp();
    const [item] = (await umkList(await signIn(app, 'teacher'))).body.data;
    const anonymous = new Client(app);
    const res = await download(anonymous, item?.id_books ?? 0, item?.fileName ?? '');
    expect(res.status).toBe(401);
  });
});
