import { describe, expect, it } from 'vitest';
import { isVisibleTo, NEWS_PAGE_SIZE, newsSlice, visiblePage } from '../src/world/news/news.js';
import { storedBytes } from '../src/world/core/storage.js';
import { universitySlice } from '../src/world/core/university.js';
import {
  Client,
  createTestApp,
  expectBadForms,
  expectBadRequest,
  expectError,
  newsForm,
  newsPage,
  seededWorld,
  signIn,
  type Envelope,
  type Schema,
  type SignedIn,
} from './helpers.js';

/** Publishes as the signed-in client (uid, role and id name them). */
const insert = (client: SignedIn, fields = {}, options = {}) =>
  client.postForm(
    '/api/news/insert.json',
    newsForm({ uid: client.user.uid, role: client.user.role, id: client.user.id, ...fields }),
    options,
  );

const download = (client: Client, filename: string) =>
  client.get(`/lms/api/news/download.file?filename=${encodeURIComponent(filename)}&type=4`);

describe('news/data.json', () => {
  it('pages 10 items newest first, and an empty list past the end', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const first = await newsPage(teacher, 1);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(NEWS_PAGE_SIZE);
    const second = (await newsPage(teacher, 2)).body.data;
    const all = [...first.body.data, ...second];
    const created = all.map((item) => (item as unknown as { created: string }).created);
    expect(created).toEqual([...created].sort().reverse());
    expect(new Set(all.map((i) => i.id_eventMessage)).size).toBe(all.length);
    expect((await newsPage(teacher, 99)).body.data).toEqual([]);
  });

  it('marks the reader’s own items canEdit, and only those', async () => {
    const app = createTestApp();
    const teacherItems = (await newsPage(await signIn(app, 'teacher'))).body.data;
    expect(teacherItems.some((i) => i.canEdit)).toBe(true);
    expect(teacherItems.some((i) => !i.canEdit)).toBe(true);
    const studentItems = (await newsPage(await signIn(app, 'student'))).body.data;
    expect(studentItems.every((i) => !i.canEdit)).toBe(true);
  });

  it('answers 400 naming the field', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const cases: [unknown, string][] = [
      ['{"page": 1', 'body: malformed JSON'],
      [{ id: 501, uid: 1001, role: 1 }, 'body/page: is required'],
      [{ id: 501, uid: 1001, role: 1, page: '1' }, 'body/page: must be integer'],
      [{ id: 501, uid: 1001, role: 1, page: 0 }, 'body/page: must be >= 1'],
      [{ id: 501, uid: 1001, role: 3, page: 1 }, 'body/role: must be one of 1, 2'],
      [[1, 2], 'body: must be object'],
    ];
    for (const [body, error] of cases)
      await expectError(teacher.post('/api/news/data.json', body), 400, error);
  });

  it('answers 413 for a JSON body over 1 MB', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const res = await teacher.post('/api/news/data.json', {
      id: 501,
      uid: 1001,
      role: 1,
      page: 1,
      padding: 'x'.repeat(1024 * 1024),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ result: 1, data: null });
  });

  it('answers 413 from a Content-Length over 1 MB without reading the body', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const res = await teacher.post('/api/news/data.json', '{}', {
      headers: { 'content-length': String(2 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
  });
});

describe('news/check.json', () => {
  it('tells whether a person may write news', async () => {
    const app = createTestApp();
    const check = (client: Client, id: number, type: number) =>
      client.postData<Schema<'NewsCheck'>>('/api/news/check.json', { id, type });
    const teacher = await signIn(app, 'teacher');
    expect((await check(teacher, 501, 1)).body.data).toEqual({ newsPerms: true });
    expect((await check(await signIn(app, 'teacher2'), 502, 1)).body.data).toEqual({
      newsPerms: false,
    });
    const student = await signIn(app, 'student');
    expect((await check(student, 7001, 2)).body.data).toEqual({ newsPerms: false });
    // id and type name the caller (x-owner): another person is refused
    for (const [client, id, type, field] of [
      [student, 501, 1, 'id'],
      [student, 7001, 1, 'type'],
      [teacher, 1, 1, 'id'],
    ] as const) {
      await expectError(
        client.post('/api/news/check.json', { id, type }),
        403,
        `Forbidden: body/${field} names another person`,
      );
    }
  });
});

describe('news/insert.json', () => {
  it('publishes an item that the next read shows first, with its files served back', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const pdf = new File([new Uint8Array([37, 80, 68, 70, 0, 255, 1])], 'Приказ №5 (итог).pdf', {
      type: 'application/pdf',
    });
    const notes = new File(['строка 1\n'], 'заметки.txt', { type: 'text/plain' });
    const res = await insert(teacher, { message: 'Новое объявление', file: [pdf, notes] });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as Envelope<Schema<'NewsInserted'>>;

    const [first] = (await newsPage(teacher)).body.data;
    expect(first).toMatchObject({
      id_eventMessage: data.id_eventMessage,
      message: 'Новое объявление',
      fileName: 'Приказ №5 (итог).pdf;!;заметки.txt',
      canEdit: true,
    });
    // students see items for everybody
    const [studentFirst] = (await newsPage(await signIn(app, 'student'))).body.data;
    expect(studentFirst?.id_eventMessage).toBe(data.id_eventMessage);

    const file = await download(teacher, `${data.id_eventMessage}_Приказ №5 (итог).pdf`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="______ _5 (____).pdf"; filename*=UTF-8''%D0%9F%D1%80%D0%B8%D0%BA%D0%B0%D0%B7%20%E2%84%965%20%28%D0%B8%D1%82%D0%BE%D0%B3%29.pdf`,
    );
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(
      new Uint8Array([37, 80, 68, 70, 0, 255, 1]),
    );
    const text = await download(teacher, `${data.id_eventMessage}_заметки.txt`);
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await text.text()).toBe('строка 1\n');
  });

  it('keeps unsafe and duplicate upload names harmless', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const files = [
      new File(['a'], '..\\..\\secret.txt'),
      new File(['b'], 'secret.txt'),
      new File(['c'], 'a;!;b.txt'),
    ];
    await insert(teacher, { file: files });
    const [first] = (await newsPage(teacher)).body.data;
    expect(first?.fileName).toBe('secret.txt;!;secret (2).txt;!;a;b.txt');
  });

  it('downloads every upload under the name the portal shows, however it was sent', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const sent = [
      '%2e%2e%2fx.txt',
      '%252e%252e%252fy.txt',
      '..%5C..%5Cz.txt',
      ' spaced .txt ',
      'Report%20final.txt',
      '100%.txt',
      '%252525252e%252525252fdeep.txt',
      'a\u202egnp.txt',
    ];
    await insert(teacher, { file: sent.map((name, i) => new File([`bytes ${i}`], name)) });
    const [item] = (await newsPage(teacher)).body.data;
    // as the portal reads the list (parseNewsFiles) and links each name (buildNewsDownloadUrl)
    const shown = (item?.fileName ?? '').split(';!;').map((name) => name.trim());
    expect(shown.slice(0, 5)).toEqual([
      'x.txt',
      'y.txt',
      'z.txt',
      'spaced .txt',
      'Report final.txt',
    ]);
    expect(shown).toHaveLength(sent.length);
    for (const [i, name] of shown.entries()) {
      const res = await download(teacher, `${item?.id_eventMessage}_${name}`);
      expect(res.status, name).toBe(200);
      expect(await res.text(), name).toBe(`bytes ${i}`);
      expect(res.headers.get('content-disposition'), name).toContain(
        `filename*=UTF-8''${encodeURIComponent(name)}`,
      );
    }
  });

  it('answers 403 and changes nothing for a teacher without newsPerms or a student', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const before = await newsPage(teacher);
    // each names themselves: the news permission is what refuses them
    for (const login of ['teacher2', 'student'] as const) {
      await expectError(
        insert(await signIn(app, login)),
        403,
        'Forbidden: no permission to write news',
      );
    }
    // and nobody publishes in another's name (x-owner), not even as a teacher with newsPerms
    await expectError(
      (await signIn(app, 'teacher2')).postForm('/api/news/insert.json', newsForm()),
      403,
      'Forbidden: body/uid names another person',
    );
    expect(await newsPage(teacher)).toEqual(before);
  });

  it('answers 403 without the XSRF header and changes nothing', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const before = await newsPage(teacher);
    const res = await insert(teacher, {}, { xsrf: false });
    expect(res.status).toBe(403);
    const wrong = await insert(teacher, {}, { headers: { 'X-XSRF-TOKEN': 'guess' } });
    expect(wrong.status).toBe(403);
    expect(await newsPage(teacher)).toEqual(before);
  });

  it('answers 401 without a session', async () => {
    const anonymous = new Client(createTestApp());
    expect((await anonymous.postForm('/api/news/insert.json', newsForm())).status).toBe(401);
  });

  it('answers 400 naming the field for a bad form', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const { message: _, ...withoutMessage } = newsForm();
    const cases: [Record<string, string | number | File>, string][] = [
      [withoutMessage, 'body/message: is required'],
      [newsForm({ audience: 'всем' }), 'body/audience: must be integer'],
      [newsForm({ audience: 7 }), 'body/audience: must be one of 0, 1, 2'],
      [newsForm({ message: '' }), 'body/message: must NOT have fewer than 1 characters'],
      [newsForm({ message: new File(['x'], 'm.txt') }), 'body/message: must not be a file'],
      [newsForm({ file: 'not a file' }), 'body/file: must be a file'],
    ];
    await expectBadForms(teacher, '/api/news/insert.json', cases, newsForm());
  });

  it('answers 413 for a file over maxSizeMb, and for a body over the upload limit', async () => {
    // 0.01 MB files; the whole upload may hold 10 of them plus the fields
    const teacher = await signIn(createTestApp({ maxSizeMb: 0.01 }), 'teacher');
    const before = await newsPage(teacher);
    const big = new File([new Uint8Array(11 * 1024)], 'big.pdf');
    const file = await insert(teacher, { file: big });
    expect(file.status).toBe(413);
    expect(await file.json()).toMatchObject({
      error: 'body/file: file "big.pdf" is larger than 0.01 MB',
    });

    const many = Array.from(
      { length: 30 },
      (_, i) => new File([new Uint8Array(10_000)], `${i}.pdf`),
    );
    const body = await insert(teacher, { file: many });
    expect(body.status).toBe(413);
    expect(await newsPage(teacher)).toEqual(before);
  });
});

describe('news/delete.json', () => {
  it('deletes the author’s own item and its files', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    await insert(teacher, { message: 'Удалить меня', file: new File(['x'], 'x.txt') });
    const [item] = (await newsPage(teacher)).body.data;
    const id = item?.id_eventMessage ?? 0;
    const res = await teacher.postData('/api/news/delete.json', {
      id,
      role: 1,
      message: 'Удалить меня',
    });
    expect(res).toEqual({ status: 200, body: { result: 0, error: null, data: true } });
    const after = (await newsPage(teacher)).body.data;
    expect(after.map((i) => i.id_eventMessage)).not.toContain(id);
    expect((await download(teacher, `${id}_x.txt`)).status).toBe(404);
  });

  it('answers 403 and keeps the item for another author’s item, teacher2 and students', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const before = await newsPage(teacher);
    const own = before.body.data.find((i) => i.canEdit);
    const foreign = before.body.data.find((i) => !i.canEdit);
    const attempts: [Client, number | undefined][] = [
      [teacher, foreign?.id_eventMessage],
      [await signIn(app, 'teacher2'), own?.id_eventMessage],
      [await signIn(app, 'student'), own?.id_eventMessage],
    ];
    for (const [client, id] of attempts) {
      const res = await client.post('/api/news/delete.json', { id, role: 1, message: '' });
      expect(res.status).toBe(403);
    }
    const noXsrf = await teacher.post(
      '/api/news/delete.json',
      { id: own?.id_eventMessage, role: 1, message: '' },
      { xsrf: false },
    );
    expect(noXsrf.status).toBe(403);
    expect(await newsPage(teacher)).toEqual(before);
  });

  it('answers 404 for an unknown item and 400 for a bad body', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    expect(
      (await teacher.post('/api/news/delete.json', { id: 1, role: 1, message: '' })).status,
    ).toBe(404);
    await expectBadRequest(
      teacher.post('/api/news/delete.json', { id: 'x', role: 1, message: '' }),
      'body/id: must be integer',
    );
  });
});

describe('news/download.file', () => {
  it('serves seeded attachments', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const items = (await newsPage(teacher)).body.data;
    const item = items.find((i) => i.fileName);
    const name = item?.fileName?.split(';!;')[0] ?? '';
    const res = await download(teacher, `${item?.id_eventMessage}_${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it.each([
    '../package.json',
    '..%2f..%2fpackage.json',
    '%2e%2e%2fpackage.json',
    '%252e%252e%252fpackage.json',
    '..\\..\\package.json',
    '/etc/passwd',
    '136_/../../etc/passwd',
    '136_a\u0000.pdf',
  ])('refuses %s and never serves another file', async (filename) => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const res = await teacher.get(
      `/lms/api/news/download.file?filename=${encodeURIComponent(filename)}&type=4`,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      result: 1,
      error: 'query/filename: must be a plain file name',
      data: null,
    });
  });

  it('answers 404 for a name it does not hold, 400 for a bad query', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    expect((await download(teacher, '136_nothing.pdf')).status).toBe(404);
    expect((await download(teacher, 'package.json')).status).toBe(404);
    await expectBadRequest(
      teacher.get('/lms/api/news/download.file?filename=1_a.pdf'),
      'query/type: is required',
    );
    const wrongType = await teacher.get('/lms/api/news/download.file?filename=1_a.pdf&type=5');
    expect(await wrongType.json()).toMatchObject({
      error: 'query/type: must be one of 1, 2, 3, 4',
    });
  });
});

describe('the feed after many writes', () => {
  const world = seededWorld();
  const { teachers, students } = world.get(universitySlice);
  const seededItems = world.get(newsSlice).items;
  // 2,000 more items of every audience and faculty, newest first as the feed keeps them
  const items = [
    ...Array.from({ length: 2000 }, (_, i) => ({
      ...seededItems[i % seededItems.length]!,
      id_eventMessage: 100_000 - i,
      audience: (i % 3) as 0 | 1 | 2,
      id_faculty: (i % 5) - 1,
    })),
    ...seededItems,
  ];

  it('shows each page as filtering everything would', () => {
    for (const reader of [teachers[0]!, teachers[7]!, students[0]!, students[40]!]) {
      const visible = items.filter((item) => isVisibleTo(item, reader));
      for (const page of [1, 2, 7, 150, 1000]) {
        const start = (page - 1) * NEWS_PAGE_SIZE;
        expect(visiblePage(items, reader, page)).toEqual(
          visible.slice(start, start + NEWS_PAGE_SIZE),
        );
      }
    }
  });

  it('stops reading as soon as page 1 is full', () => {
    let read = 0;
    function* counted() {
      for (const item of items) {
        read += 1;
        yield item;
      }
    }
    const reader = students[0]!;
    expect(visiblePage(counted(), reader, 1)).toHaveLength(NEWS_PAGE_SIZE);
    expect(read).toBeLessThan(100);
  });
});

describe('the cap on written news', () => {
  it('keeps the newest maxWrittenRecords written items (the oldest go with their files) and every seeded one', async () => {
    const app = createTestApp({ maxWrittenRecords: 5 });
    const teacher = await signIn(app, 'teacher');
    const seededIds = app.store.get(newsSlice).items.map((item) => item.id_eventMessage);
    const written: number[] = [];
    for (let n = 1; n <= 8; n++) {
      const file = new File([`вложение ${n}`], `файл ${n}.txt`, { type: 'text/plain' });
      const res = await insert(teacher, { message: `Объявление ${n}`, file });
      written.push(((await res.json()) as Envelope<Schema<'NewsInserted'>>).data.id_eventMessage);
    }
    const [first, second, third, ...kept] = written;
    const items = app.store.get(newsSlice).items.map((item) => item.id_eventMessage);
    expect(items).toEqual([...kept.reverse(), ...seededIds]);
    // the feed shows the five newest writes, then the seed
    const page = (await newsPage(teacher)).body.data.map((item) => item.message);
    expect(page.slice(0, 6)).toEqual([
      'Объявление 8',
      'Объявление 7',
      'Объявление 6',
      'Объявление 5',
      'Объявление 4',
      expect.not.stringMatching(/^Объявление/),
    ]);
    // the dropped items' files are gone; the kept ones' are served
    for (const [id, n] of [
      [first, 1],
      [second, 2],
      [third, 3],
    ] as const) {
      expect((await download(teacher, `${id}_файл ${n}.txt`)).status).toBe(404);
    }
    expect(await (await download(teacher, `${written[3]}_файл 4.txt`)).text()).toBe('вложение 4');
    expect(app.store.get(newsSlice).files.size).toBe(
      [...seededWorld().get(newsSlice).files.keys()].length + 5,
    );
    // and leave the disk at the next sweep of the uploads
    storedBytes(app.store);
    expect(app.store.uploads.count).toBe(5);
  });

  it('counts only what writes added: deleting written items makes room again', async () => {
    const app = createTestApp({ maxWrittenRecords: 2 });
    const teacher = await signIn(app, 'teacher');
    const post = async (message: string) =>
      ((await (await insert(teacher, { message })).json()) as Envelope<Schema<'NewsInserted'>>).data
        .id_eventMessage;
    const a = await post('А');
    const b = await post('Б');
    await teacher.post('/api/news/delete.json', { id: b, role: 1, message: '' });
    const c = await post('В');
    const ids = app.store.get(newsSlice).items.map((item) => item.id_eventMessage);
    expect(ids.slice(0, 2)).toEqual([c, a]);
    expect(ids).toHaveLength(seededWorld().get(newsSlice).items.length + 2);
  });
});
