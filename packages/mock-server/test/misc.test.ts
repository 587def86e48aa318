import { decode as decodeJpeg } from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { disciplineSlice } from '../src/world/discipline/discipline.js';
import { universitySlice } from '../src/world/core/university.js';
import { Client, createTestApp, expectError, seededWorld, signIn, type Schema } from './helpers.js';

type PaymentCode = Schema<'MiscPaymentCode'>;

const photo = (client: Client, uid: number, role: number) =>
  client.postData<Schema<'MiscPhoto'>>('/api/misc/photo', { uid, role });

/** The segments of a baseline JPEG up to its scan, and the bytes after the scan header. */
function jpegSegments(bytes: number[]) {
  expect(bytes.slice(0, 2)).toEqual([0xff, 0xd8]);
  expect(bytes.slice(-2)).toEqual([0xff, 0xd9]);
  const segments = new Map<number, number[]>();
  let at = 2;
  for (;;) {
    expect(bytes[at]).toBe(0xff);
    const marker = bytes[at + 1] ?? 0;
    const length = ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0);
    segments.set(marker, bytes.slice(at + 4, at + 2 + length));
    at += 2 + length;
    if (marker === 0xda) break;
  }
  return { segments, scan: bytes.slice(at, -2) };
}

describe('misc/registered-faculty-list', () => {
  it('lists the university’s faculties', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const { status, body } = await teacher.postData<Schema<'Faculty'>[]>(
      '/api/misc/registered-faculty-list',
      { id: 501 },
    );
    expect(status).toBe(200);
    expect(body.data.map((f) => f.id_faculty)).toEqual([1, 2, 3, 4]);
    expect(body.data[0]?.name).toBe('Факультет информационных технологий');
  });

  it('answers 401 without a session and 400 for a bad body', async () => {
    const app = createTestApp();
    const anonymous = await new Client(app).post('/api/misc/registered-faculty-list', { id: 501 });
    expect(anonymous.status).toBe(401);
    await expectError(
      (await signIn(app, 'teacher')).post('/api/misc/registered-faculty-list', {}),
      400,
      'body/id: is required',
    );
  });
});

describe('misc/photo', () => {
  it('sends the person’s photo as a Node Buffer of a baseline 64×64 JPEG', async () => {
    const student = await signIn(createTestApp(), 'student');
    const { status, body } = await photo(student, 20001, 2);
    expect(status).toBe(200);
    expect(body.data?.type).toBe('Buffer');
    const bytes = body.data?.data ?? [];
    const { segments, scan } = jpegSegments(bytes);
    expect(segments.get(0xe0)?.slice(0, 5)).toEqual([0x4a, 0x46, 0x49, 0x46, 0]); // JFIF
    // SOF0: 8-bit precision, 64 × 64, three components
    expect(segments.get(0xc0)?.slice(0, 6)).toEqual([8, 0, 64, 0, 64, 3]);
    expect(segments.has(0xdb)).toBe(true);
    expect(segments.has(0xc4)).toBe(true);
    // in the entropy-coded data every 0xFF is stuffed
    scan.forEach((byte, i) => {
      if (byte === 0xff) expect(scan[i + 1]).toBe(0);
    });
    // what the portal does with it
    const url = `data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}`;
    expect(url.startsWith('data:image/jpeg;base64,/9j/')).toBe(true);
  });

  it('decodes as a 64×64 baseline JPEG', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const teacher = await signIn(app, 'teacher');
    for (const [client, uid, role] of [
      [student, 1001, 1],
      [student, 20001, 2],
      [teacher, 20013, 2],
    ] as const) {
      const bytes = (await photo(client, uid, role)).body.data?.data ?? [];
      // jpeg-js throws on corrupt data (bad markers, Huffman codes or a truncated scan).
      const image = decodeJpeg(Uint8Array.from(bytes), { useTArray: true });
      expect([image.width, image.height]).toEqual([64, 64]);
      expect(image.data).toHaveLength(64 * 64 * 4);
    }
  });

  it('differs between people, is stable, and is null without a photo', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const own = (await photo(student, 20001, 2)).body.data;
    const again = (await photo(student, 20001, 2)).body.data;
    expect(again).toEqual(own);
    const teacher = (await photo(student, 1001, 1)).body.data;
    expect(teacher?.data).not.toEqual(own?.data);
    // the demo teacher2 (who teaches the student's group) has no photo
    expect((await photo(student, 1002, 1)).body).toEqual({ result: 0, error: null, data: null });
  });

  it('answers a contact’s photo and 403 for anyone else (x-owner: contacts)', async () => {
    const app = createTestApp();
    const world = seededWorld();
    const { students, teachers, demo } = world.get(universitySlice);
    const { offeringsByGroup } = world.get(disciplineSlice);
    const teachersOf = (id_group: number) =>
      new Set((offeringsByGroup.get(id_group) ?? []).map((o) => o.id_teacher));
    const groupmate = students.find(
      (s) => s.id_group === demo.student.id_group && s !== demo.student,
    );
    const strangerTeacher = teachers.find((t) => !teachersOf(demo.student.id_group).has(t.id));
    const strangerStudent = students.find((s) => !teachersOf(s.id_group).has(demo.teacher.id));
    if (!groupmate || !strangerTeacher || !strangerStudent)
      throw new Error('the world lacks people');

    const student = await signIn(app, 'student');
    const teacher = await signIn(app, 'teacher');
    const contacts: [Client, { uid: number; role: number }][] = [
      [student, demo.student], // oneself
      [student, groupmate],
      [student, demo.teacher], // teaches the student's group
      [student, demo.teacher2],
      [teacher, demo.student], // a student the teacher teaches
      [teacher, demo.student2],
    ];
    for (const [client, { uid, role }] of contacts) {
      expect((await photo(client, uid, role)).status, `${uid}`).toBe(200);
    }
    const refused: [Client, { uid: number; role: number }][] = [
      [student, demo.student2], // another group
      [student, strangerTeacher],
      [teacher, demo.teacher2], // teachers are not each other's contacts
      [teacher, strangerStudent],
      [student, { uid: 99_999, role: 2 }], // nobody: refused alike
      [student, { uid: 1001, role: 2 }],
    ];
    for (const [client, { uid, role }] of refused) {
      expect(await photo(client, uid, role), `${uid}`).toEqual({
        status: 403,
        body: {
          result: 1,
          error: 'Forbidden: body/uid names nobody the caller studies or teaches with',
          data: null,
        },
      });
    }
  });

  it('answers 400 naming the field', async () => {
    const student = await signIn(createTestApp(), 'student');
    const res = await student.post('/api/misc/photo', { uid: 20001, role: 5 });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      result: 1,
      error: 'body/role: must be one of 1, 2',
      data: null,
    });
  });
});

describe('misc/dinurls', () => {
  it('lists the apps page’s links', async () => {
    const student = await signIn(createTestApp(), 'student');
    const { body } = await student.postData<Schema<'MiscDinUrl'>[]>('/api/misc/dinurls', {});
    expect(body.data.length).toBeGreaterThanOrEqual(5);
    expect(new Set(body.data.map((l) => l.id)).size).toBe(body.data.length);
    for (const link of body.data) expect(link.url).toMatch(/^https:\/\//);
    expect(body.data[0]?.name).toBe('Электронная библиотека');
  });

  it('serves the apps’ icons itself, so nothing is fetched from outside', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const { body } = await student.postData<Schema<'MiscDinUrl'>[]>('/api/misc/dinurls', {});
    const icons = body.data.flatMap((link) => (link.icon ? [link.icon] : []));
    expect(icons.length).toBeGreaterThanOrEqual(3);
    for (const icon of icons) {
      expect(icon).toMatch(/^\/api\/apps\/[a-z]+\.svg$/);
      const image = await app.request(icon);
      expect(image.status, icon).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/svg+xml');
      expect(await image.text()).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
    expect((await app.request('/api/apps/unknown.svg')).status).toBe(404);
    expect((await app.request('/api/apps/..%2Fsecret.svg')).status).toBe(404);
  });

  it('answers 400 for a payload that is not the empty object', async () => {
    const student = await signIn(createTestApp(), 'student');
    expect((await student.post('/api/misc/dinurls', { page: 1 })).status).toBe(400);
    expect((await student.post('/api/misc/dinurls', '[')).status).toBe(400);
  });
});

describe('misc/years and misc/defaultyear', () => {
  it('lists the academic years newest first, the current one being the default', async () => {
    const student = await signIn(createTestApp(), 'student');
    const years = await student.postData<Schema<'AcademicYear'>[]>('/api/misc/years', {});
    expect(years.body.data).toEqual([
      { id_a_year: 4, name: '2026-2027' },
      { id_a_year: 3, name: '2025-2026' },
      { id_a_year: 2, name: '2024-2025' },
      { id_a_year: 1, name: '2023-2024' },
    ]);
    const current = await student.postData('/api/misc/defaultyear', { uid: 20001 });
    expect(current.body).toEqual({
      result: 0,
      error: null,
      data: { id_a_year: 4, name: '2026-2027' },
    });
  });

  it('answers 400 for a defaultyear body without uid', async () => {
    const student = await signIn(createTestApp(), 'student');
    const res = await student.post('/api/misc/defaultyear', {});
    expect(await res.json()).toEqual({ result: 1, error: 'body/uid: is required', data: null });
  });
});

describe('misc/uslugi', () => {
  it('lists the paid services with prices in soms', async () => {
    const student = await signIn(createTestApp(), 'student');
    const { body } = await student.postData<Schema<'MiscUsluga'>[]>('/api/misc/uslugi', {});
    expect(body.data.length).toBeGreaterThanOrEqual(5);
    expect(body.data[0]).toEqual({
      id_uslug: 1,
      name: 'Оплата за обучение (контракт)',
      price: 48000,
    });
    for (const usluga of body.data) expect(usluga.price).toBeGreaterThan(0);
  });
});

describe('misc/getgroups', () => {
  it('gives the student’s group in the years they studied, and nothing otherwise', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const groups = (id_a_year: number, id_student: number) =>
      student.postData<unknown[]>('/api/misc/getgroups', { id_a_year, id_student });
    expect((await groups(4, 7001)).body.data).toEqual([
      { id_group: 101, name: 'ПИ-1-26', id_faculty: 1, isPotok: false },
    ]);
    const student2 = await signIn(app, 'student2');
    expect(
      (await student2.postData('/api/misc/getgroups', { id_a_year: 4, id_student: 7013 })).body
        .data,
    ).toEqual([{ id_group: 102, name: 'ПИ-2-26', id_faculty: 1, isPotok: false }]);
    // admitted in 2026: not a student in 2025-2026
    expect((await groups(3, 7001)).body.data).toEqual([]);
    expect((await groups(99, 7001)).body.data).toEqual([]);
  });

  it('answers 403 to a student asking for another student’s groups (x-owner: the caller’s own)', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    for (const id_student of [7013, 1]) {
      await expectError(
        student.post('/api/misc/getgroups', { id_a_year: 4, id_student }),
        403,
        'Forbidden: body/id_student names another person',
      );
    }
    // a teacher is nobody's id_student
    await expectError(
      (await signIn(app, 'teacher')).post('/api/misc/getgroups', {
        id_a_year: 4,
        id_student: 7001,
      }),
      403,
      'Forbidden: body/id_student names another person',
    );
  });

  it('answers 400 naming the field', async () => {
    const student = await signIn(createTestApp(), 'student');
    const res = await student.post('/api/misc/getgroups', { id_a_year: 4 });
    expect(await res.json()).toEqual({
      result: 1,
      error: 'body/id_student: is required',
      data: null,
    });
  });
});

describe('misc/paymentcode', () => {
  const code = (client: Client, id_uslug: number, fields = {}) =>
    client.postData<PaymentCode>('/api/misc/paymentcode', {
      id_year: 4,
      id_group: 101,
      id_student: 7001,
      id_uslug,
      ...fields,
    });

  it('gives both demo students a code for every service, stable and distinct', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const services = (await student.postData<Schema<'MiscUsluga'>[]>('/api/misc/uslugi', {})).body
      .data;
    const accounts = new Set<string>();
    for (const [client, id_group, id_student] of [
      [student, 101, 7001],
      [await signIn(app, 'student2'), 102, 7013],
    ] as const) {
      for (const usluga of services) {
        const { status, body } = await code(client, usluga.id_uslug, { id_group, id_student });
        expect(status).toBe(200);
        expect(body.data).toMatchObject({
          id_uslug: usluga.id_uslug,
          name: usluga.name,
          sum: usluga.price,
        });
        expect(body.data.account).toMatch(/^26\d{12}$/);
        accounts.add(body.data.account);
        expect((await code(client, usluga.id_uslug, { id_group, id_student })).body).toEqual(body);
      }
    }
    expect(accounts.size).toBe(services.length * 2);
  });

  it('answers 400 naming the field for a request that names nothing real', async () => {
    const student = await signIn(createTestApp(), 'student');
    const cases: [Record<string, number>, number, string][] = [
      [{}, 99, 'body/id_uslug: no such service'],
      [{ id_year: 77 }, 1, 'body/id_year: no such academic year'],
      [{ id_year: 3 }, 1, 'body/id_group: not the student’s group in that year'],
    ];
    for (const [fields, id_uslug, error] of cases) {
      const { status, body } = await code(student, id_uslug, fields);
      expect(status).toBe(400);
      expect(body).toEqual({ result: 1, error, data: null });
    }
    const res = await student.post('/api/misc/paymentcode', { id_year: 4, id_group: 101 });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'body/id_student: is required' });
  });

  it('answers 403 for another student’s code or group, to a student or a teacher (x-owner)', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const teacher = await signIn(app, 'teacher');
    const refused: [Client, Record<string, number>, string][] = [
      // student2's own code, asked for by student
      [student, { id_group: 102, id_student: 7013 }, 'body/id_student names another person'],
      [student, { id_student: 7013 }, 'body/id_student names another person'],
      [student, { id_student: 5 }, 'body/id_student names another person'],
      // the student's own id in another group
      [student, { id_group: 102 }, 'body/id_group names another group'],
      [teacher, {}, 'body/id_student names another person'],
    ];
    for (const [client, fields, error] of refused) {
      const { status, body } = await code(client, 1, fields);
      expect({ status, body }).toEqual({
        status: 403,
        body: { result: 1, error: `Forbidden: ${error}`, data: null },
      });
      expect(body.result).toBeTruthy();
    }
    // the student's own code still answers
    expect((await code(student, 1)).status).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await new Client(createTestApp()).post('/api/misc/paymentcode', {
      id_year: 4,
      id_group: 101,
      id_student: 7001,
      id_uslug: 1,
    });
    expect(res.status).toBe(401);
  });
});
