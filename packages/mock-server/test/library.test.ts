import { describe, expect, it } from 'vitest';
import { librarySlice } from '../src/world/library/library.js';
import { calendarSlice } from '../src/world/core/calendar.js';
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
  type SignedIn,
  type Schema,
} from './helpers.js';

type EBook = Schema<'LibraryEBook'>;

const { demo } = seededWorld().get(universitySlice);

/** The e-library's books of a category (-1: all) as the signed-in client asks for them. */
const bookList = (client: SignedIn, id_bookCategory = -1) =>
  libraryBooks(client, client.user, id_bookCategory);

const bookForm = (fields: FormFields = {}) => ({
  id_eBook: -1,
  nameBook: 'Алгоритмы и структуры данных',
  author: 'Асанов Б.Э.',
  description: 'Конспект лекций с примерами на Python.',
  totalPages: 156,
  fileName: 'Алгоритмы.pdf',
  id_bookCategory: 11,
  IsFromUmk: 'false',
  id_human: demo.teacher.id,
  id_humanType: 1,
  ...fields,
});

const pdf = (name = 'Алгоритмы.pdf') => pdfFile(name);

/** Saves a book as the signed-in client (id_human and id_humanType name them). */
const saveBook = (client: SignedIn, fields: FormFields = {}, options = {}) =>
  client.postForm(
    '/api/library/insertupdatebook',
    bookForm({ id_human: client.user.id, id_humanType: client.user.role, ...fields }),
    options,
  );

async function savedBook(res: Response) {
  expect(res.status).toBe(200);
  return ((await res.json()) as Envelope<EBook>).data;
}

const byName = (a: string, b: string) => a.localeCompare(b, 'ru');

describe('library/basebookcategories and bookcategories', () => {
  it('list the base categories and the categories of each', async () => {
    const student = await signIn(createTestApp(), 'student');
    const base = await student.postData<Schema<'LibraryBaseBookCategory'>[]>(
      '/api/library/basebookcategories',
      {},
    );
    expect(base.status).toBe(200);
    expect(base.body.data.map((c) => c.name)).toEqual([
      'Учебная литература',
      'Научная литература',
      'Художественная литература',
      'Справочные издания',
    ]);
    const fiction = await student.postData<
      { id_bookCategory: number; name: string; id_baseBookCategory: number }[]
    >('/api/library/bookcategories', { id_baseBookCategory: 3 });
    expect(fiction.body.data.map((c) => c.name)).toContain('Кыргызская литература');
    expect(fiction.body.data.every((c) => c.id_baseBookCategory === 3)).toBe(true);
    const none = await student.postData('/api/library/bookcategories', { id_baseBookCategory: 9 });
    expect(none.body.data).toEqual([]);
  });

  it('answer 401 without a session and 400 for a bad body', async () => {
    const app = createTestApp();
    expect((await new Client(app).post('/api/library/basebookcategories', {})).status).toBe(401);
    await expectBadRequest(
      (await signIn(app, 'student')).post('/api/library/bookcategories', {
        id_baseBookCategory: 'один',
      }),
      'body/id_baseBookCategory: must be integer',
    );
  });
});

describe('library/getbooklist', () => {
  it('lists every book by name with -1, and one category’s books otherwise', async () => {
    const student = await signIn(createTestApp(), 'student');
    const all = (await bookList(student)).body.data;
    expect(all.length).toBeGreaterThan(50);
    const names = all.map((b) => b.name);
    expect(names).toEqual([...names].sort(byName));
    expect(new Set(all.map((b) => b.id_eBook)).size).toBe(all.length);
    expect(all.some((b) => b.isFromUmk)).toBe(true);
    expect(all.some((b) => b.id_human === demo.teacher.id)).toBe(true);

    const kyrgyz = (await bookList(student, 31)).body.data;
    expect(kyrgyz.map((b) => b.name)).toContain('Белый пароход');
    expect(kyrgyz.find((b) => b.name === 'Джамиля')).toMatchObject({
      author: 'Айтматов Ч.',
      fileName: 'Джамиля.pdf',
      isFromUmk: false,
    });
    expect(kyrgyz.every((b) => b.id_bookCategory === 31)).toBe(true);
    expect((await bookList(student, 999)).body.data).toEqual([]);
  });

  it('has textbooks by the teachers of the disciplines', () => {
    const store = seededWorld();
    const { books } = store.get(librarySlice);
    const { disciplineById, offerings } = store.get(calendarSlice);
    const written = books.filter((b) => b.source);
    expect(written.length).toBeGreaterThan(20);
    for (const book of written) {
      const { id_teacher, id_discipline } = book.source ?? { id_teacher: 0, id_discipline: 0 };
      expect(book.id_human).toBe(id_teacher);
      expect(book.name).toContain(disciplineById.get(id_discipline)?.name);
      expect(
        offerings.some((o) => o.id_teacher === id_teacher && o.id_discipline === id_discipline),
      ).toBe(true);
    }
  });

  it('answers 400 for an unknown humanType', async () => {
    const student = await signIn(createTestApp(), 'student');
    const bad = await student.post('/api/library/getbooklist', {
      id_bookCategory: -1,
      id_human: 1,
      id_humanType: 0,
    });
    expect(await bad.json()).toMatchObject({ error: 'body/id_humanType: must be one of 1, 2' });
  });
});

describe('library/insertupdatebook', () => {
  it('takes IsFromUmk as the contract writes a form’s boolean: False, 0, false', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    for (const IsFromUmk of ['False', '0', 'false']) {
      expect((await saveBook(teacher, { IsFromUmk, file: pdf() })).status, IsFromUmk).toBe(200);
    }
    await expectBadRequest(
      saveBook(teacher, { IsFromUmk: 'nope', file: pdf() }),
      'body/IsFromUmk: must be boolean',
    );
  });

  it('adds a book that the list then shows, added by the session’s teacher', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher2');
    // the book is added by the session's teacher, who must be the one id_human names
    await expectError(
      saveBook(teacher, { id_human: demo.teacher.id, file: pdf() }),
      403,
      'Forbidden: body/id_human names another person',
    );
    const book = await savedBook(await saveBook(teacher, { file: pdf() }));
    expect(book).toEqual({
      id_eBook: expect.any(Number),
      name: 'Алгоритмы и структуры данных',
      author: 'Асанов Б.Э.',
      description: 'Конспект лекций с примерами на Python.',
      totalPages: 156,
      fileName: 'Алгоритмы.pdf',
      id_bookCategory: 11,
      isFromUmk: false,
      id_human: demo.teacher2.id,
      id_humanType: 1,
    });
    const listed = (await bookList(await signIn(app, 'student'), 11)).body.data;
    expect(listed).toContainEqual(book);
    const all = (await bookList(teacher)).body.data;
    expect(all.filter((b) => b.id_eBook === book.id_eBook)).toHaveLength(1);
  });

  it('updates the book of whoever added it, keeping its file unless a new one comes', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const own = (await bookList(teacher)).body.data.find((b) => b.id_human === demo.teacher.id);
    if (!own) throw new Error('the demo teacher has added books');
    const updated = await savedBook(
      await saveBook(teacher, {
        id_eBook: own.id_eBook,
        nameBook: `${own.name} (2-е изд.)`,
        author: own.author,
        description: 'Исправленное издание.',
        totalPages: own.totalPages + 10,
        fileName: own.fileName,
        id_bookCategory: 12,
        IsFromUmk: String(!own.isFromUmk),
      }),
    );
    expect(updated).toEqual({
      ...own,
      name: `${own.name} (2-е изд.)`,
      description: 'Исправленное издание.',
      totalPages: own.totalPages + 10,
      id_bookCategory: 12,
    });
    expect((await bookList(teacher, 12)).body.data).toContainEqual(updated);
    expect((await bookList(teacher, own.id_bookCategory)).body.data).not.toContainEqual(own);

    const withFile = await savedBook(
      await saveBook(teacher, { id_eBook: own.id_eBook, file: pdf('Новое издание.pdf') }),
    );
    expect(withFile.fileName).toBe('Новое издание.pdf');
    expect((await bookList(teacher)).body.data).toContainEqual(withFile);
  });

  it('keeps the whole list in name order as books are renamed and added', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const names = async () => (await bookList(teacher)).body.data.map((b) => b.name);
    const inOrder = (list: string[]) =>
      expect(list).toEqual([...list].sort((a, b) => a.localeCompare(b, 'ru')));
    const before = await names();
    inOrder(before);
    const own = (await bookList(teacher)).body.data.find((b) => b.id_human === demo.teacher.id);
    if (!own) throw new Error('the demo teacher has added books');
    // renamed to come first, then a book added to come last: the list follows each time
    await savedBook(
      await saveBook(teacher, {
        id_eBook: own.id_eBook,
        nameBook: 'Аа: первая книга',
        author: own.author,
        description: own.description,
        totalPages: own.totalPages,
        fileName: own.fileName,
        id_bookCategory: own.id_bookCategory,
      }),
    );
    expect((await names())[0]).toBe('Аа: первая книга');
    await savedBook(await saveBook(teacher, { nameBook: 'Яя: последняя книга', file: pdf() }));
    const after = await names();
    inOrder(after);
    expect(after.at(-1)).toBe('Яя: последняя книга');
    expect(after).toHaveLength(before.length + 1);
  });

  it('answers 403 and changes nothing for another’s book, a student, and without XSRF', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const before = await bookList(teacher);
    const own = before.body.data.find((b) => b.id_human === demo.teacher.id);
    const edit = { id_eBook: own?.id_eBook ?? 0, nameBook: 'Чужая книга', file: pdf() };
    const attempts: [SignedIn, Record<string, string | number | File>, object][] = [
      [await signIn(app, 'teacher2'), edit, {}],
      [await signIn(app, 'student'), edit, {}],
      [await signIn(app, 'student'), { file: pdf() }, {}],
      [teacher, edit, { xsrf: false }],
    ];
    for (const [client, fields, options] of attempts) {
      await expectForbidden(saveBook(client, fields, options));
    }
    expect(await bookList(teacher)).toEqual(before);
  });

  it('answers 404 for an unknown book or category', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const before = await bookList(teacher);
    const cases: [Record<string, string | number | File>, string][] = [
      [{ id_eBook: 99999, file: pdf() }, 'Not found: no book 99999'],
      [{ id_bookCategory: 99, file: pdf() }, 'Not found: no book category 99'],
    ];
    for (const [fields, error] of cases) await expectError(saveBook(teacher, fields), 404, error);
    expect(await bookList(teacher)).toEqual(before);
  });

  it('answers 400 naming the field for a bad form', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const before = await bookList(teacher);
    const { nameBook: _, ...withoutName } = bookForm({ file: pdf() });
    const cases: [FormFields, string][] = [
      [withoutName, 'body/nameBook: is required'],
      [bookForm(), 'body/file: is required for a new book'],
      [
        bookForm({ nameBook: '', file: pdf() }),
        'body/nameBook: must NOT have fewer than 1 characters',
      ],
      [bookForm({ totalPages: 'много', file: pdf() }), 'body/totalPages: must be integer'],
      [bookForm({ IsFromUmk: 'maybe', file: pdf() }), 'body/IsFromUmk: must be boolean'],
      [bookForm({ id_humanType: 5, file: pdf() }), 'body/id_humanType: must be one of 1, 2'],
      [
        bookForm({ file: [pdf('a.pdf'), pdf('b.pdf')] }),
        'body/file: must NOT have more than 1 items',
      ],
    ];
    await expectBadForms(teacher, '/api/library/insertupdatebook', cases, bookForm());
    expect(await bookList(teacher)).toEqual(before);
  });

  it('answers 413 for a file over maxSizeMb and 401 without a session', async () => {
    const app = createTestApp({ maxSizeMb: 0.01 });
    const teacher = await signIn(app, 'teacher');
    const before = await bookList(teacher);
    const res = await saveBook(teacher, { file: new File([new Uint8Array(11 * 1024)], 'big.pdf') });
    expect(res.status).toBe(413);
    expect(await bookList(teacher)).toEqual(before);
    const anonymous = new Client(app);
    const res401 = await anonymous.postForm(
      '/api/library/insertupdatebook',
      bookForm({ file: pdf() }),
    );
    expect(res401.status).toBe(401);
  });
});

describe('library and POST /__mock/reset', () => {
  it('restores the seeded books after writes', () =>
    expectResetRestores(createTestApp(), 'teacher', bookList, async (teacher, before) => {
      const own = before.body.data.find((b) => b.id_human === demo.teacher.id);
      await saveBook(teacher, { file: pdf() });
      await saveBook(teacher, { id_eBook: own?.id_eBook ?? 0, nameBook: 'Переименовано' });
    }));

  it('builds the same books whatever slice was built first', () =>
    expectBuildOrderFree(librarySlice));
});

describe('library/insertupdatebook and the storage cap', () => {
  it('answers 507 once the stored uploads reach --max-storage-mb, saving nothing', async () => {
    const teacher = await signIn(createTestApp({ maxStorageMb: 1 }), 'teacher');
    const scan = (name: string) => new File([new Uint8Array(600 * 1024)], name);
    expect((await saveBook(teacher, { file: scan('Том 1.pdf') })).status).toBe(200);
    const before = (await libraryBooks(teacher, { id: demo.teacher.id, role: 1 })).body.data;
    await expectError(
      saveBook(teacher, { nameBook: 'Том 2', file: scan('Том 2.pdf') }),
      507,
      expect.stringMatching(/^Insufficient storage/),
    );
    expect((await libraryBooks(teacher, { id: demo.teacher.id, role: 1 })).body.data).toEqual(
      before,
    );
  });
});

describe('e-library files (download type 2)', () => {
  const download = (client: Client, id: number, name: string) => downloadFile(client, 2, id, name);

  it('serves an uploaded book to any signed-in reader', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const student = await signIn(app, 'student');
    const book = await savedBook(await saveBook(teacher, { file: pdf('Конспект.pdf') }));
    const file = await download(student, book.id_eBook, book.fileName);
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(
      new Uint8Array([37, 80, 68, 70, 45, 49]),
    );
    expect((await download(student, book.id_eBook, 'другая.pdf')).status).toBe(404);
    expect((await download(student, 999_999, book.fileName)).status).toBe(404);
  });

  it('answers 401 without a session', async () => {
    const app = createTestApp();
    const [book] = (await bookList(await signIn(app, 'student'))).body.data;
    const res = await download(new Client(app), book?.id_eBook ?? 0, book?.fileName ?? '');
    expect(res.status).toBe(401);
  });
});
