import { afterEach, describe, expect, it, vi } from 'vitest';
import { calendarSlice, CURRENT_YEAR_ID } from '../src/world/core/calendar.js';
import { newsSlice } from '../src/world/news/news.js';
import { DEFAULT_NOW, toBishkekIso } from '../src/world/core/time.js';
import { universitySlice } from '../src/world/core/university.js';
import {
  createTestApp,
  newsForm,
  newsPage,
  postReset,
  seededWorld,
  signIn,
  type SignedIn,
} from './helpers.js';

/** A page of the news feed as the signed-in reader asks for it (the raw answer). */
const feed = (client: SignedIn, page: number) =>
  client.post('/api/news/data.json', {
    id: client.user.id,
    uid: client.user.uid,
    role: client.user.role,
    page,
  });

/** A fixed sequence of calls, every answer as text. */
async function transcript(seed: number) {
  const app = createTestApp({ seed });
  const answers: string[] = [];
  const record = async (res: Response | Promise<Response>) =>
    answers.push(await (await res).text());
  await record(await app.request('/config.json'));
  await record(await app.request('/api/logo.json'));
  for (const login of ['teacher', 'student', 'student2'] as const) {
    const client = await signIn(app, login);
    for (const page of [1, 2, 3, 4]) {
      await record(feed(client, page));
    }
  }
  const teacher = await signIn(app, 'teacher');
  await record(
    teacher.postForm('/api/news/insert.json', newsForm({ file: new File(['x'], 'a.txt') })),
  );
  await record(feed(teacher, 1));
  return answers;
}

describe('the seeded world', () => {
  it('gives byte-identical answers for the same seed', async () => {
    const [a, b] = await Promise.all([transcript(7), transcript(7)]);
    expect(a).toEqual(b);
    expect(await transcript(8)).not.toEqual(a);
  });

  it('builds each slice the same whatever was built before it', () => {
    const direct = seededWorld();
    const calendarFirst = direct.get(calendarSlice);
    const other = seededWorld();
    other.get(newsSlice);
    other.get(universitySlice);
    expect(other.get(calendarSlice)).toEqual(calendarFirst);
    expect(other.get(universitySlice)).toEqual(direct.get(universitySlice));
  });

  it('has second demo accounts for the x-owner checks: another group, another teacher’s classes', () => {
    const world = seededWorld();
    const { demo } = world.get(universitySlice);
    const { offerings } = world.get(calendarSlice);
    expect(demo.student2.id_group).not.toBe(demo.student.id_group);
    const ofGroup = offerings.filter((o) => o.id_group === demo.student.id_group);
    const classOf = (o: (typeof offerings)[number]) => `${o.id_discipline} ${o.id_a_year} ${o.ws}`;
    const teachers = ofGroup.filter((o) => o.id_teacher === demo.teacher.id).map(classOf);
    const teachers2 = ofGroup.filter((o) => o.id_teacher === demo.teacher2.id).map(classOf);
    // both teach the student's group, never one class together
    expect(teachers.length).toBeGreaterThan(0);
    expect(teachers2.length).toBeGreaterThan(0);
    expect(teachers.filter((key) => teachers2.includes(key))).toEqual([]);
  });

  it('mixes Russian and Kyrgyz names', () => {
    const { students } = seededWorld().get(universitySlice);
    const kyrgyz =
      /^(Асанов|Токтогулов|Жумабаев|Сыдыков|Осмонов|Абдыкадыров|Мамытов|Турдубаев|Касымов|Исаков|Омуралиев|Садыков|Сатыбалдиев|Жээнбеков|Кулуев|Эсенов|Тыныбеков|Урматов|Бейшеналиев|Акматов)а? /;
    const share = students.filter((s) => kyrgyz.test(s.fullName)).length / students.length;
    expect(share).toBeGreaterThan(0.4);
    expect(share).toBeLessThan(0.8);
    expect(
      students.every((s) => /^\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+$/u.test(s.fullName)),
    ).toBe(true);
  });

  it('grows with --scale', () => {
    const small = seededWorld(1, 1).get(universitySlice);
    const large = seededWorld(1, 3).get(universitySlice);
    expect(large.students.length).toBe(small.students.length * 3);
    expect(large.teachers.length).toBe(small.teachers.length * 3);
    expect(seededWorld(1, 3).get(newsSlice).items.length).toBe(
      seededWorld().get(newsSlice).items.length * 3,
    );
  });

  it('has years, semester halves and the disciplines of each group in each year and ws', () => {
    const world = seededWorld();
    const { demo } = world.get(universitySlice);
    const { offerings, disciplineById } = world.get(calendarSlice);
    const current = offerings.filter(
      (o) => o.id_group === demo.student.id_group && o.id_a_year === CURRENT_YEAR_ID && o.ws === 1,
    );
    expect(current).toHaveLength(5);
    expect(current.every((o) => disciplineById.has(o.id_discipline))).toBe(true);
    // both demo teachers teach the demo students
    const teachers = new Set(current.map((o) => o.id_teacher));
    expect(teachers.has(demo.teacher.id) && teachers.has(demo.teacher2.id)).toBe(true);
  });
});

describe('POST /__mock/reset', () => {
  it('restores the seeded world and ends every session', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    const seeded = await newsPage(teacher);
    await teacher.postForm('/api/news/insert.json', newsForm({ message: 'Временное' }));
    await teacher.post('/api/news/delete.json', {
      id: seeded.body.data.find((i) => i.canEdit)?.id_eventMessage,
      role: 1,
      message: '',
    });
    expect(await newsPage(teacher)).not.toEqual(seeded);

    const res = await postReset(app);
    expect(await res.json()).toEqual({ result: 0, error: null, data: true });
    expect((await newsPage(teacher)).status).toBe(401);
    expect(await newsPage(await signIn(app, 'teacher'))).toEqual(seeded);
  });

  it('is outside the contract: no session, no faults', async () => {
    const res = await postReset(createTestApp({ errorRate: 1 }), {
      'X-Mock-Scenario': 'server-error',
    });
    expect(res.status).toBe(200);
  });

  it('refuses what a web page of another site could send', async () => {
    const app = createTestApp();
    const teacher = await signIn(app, 'teacher');
    // a cross-site form post: a plain-text body, no JSON
    const form = await app.request('/__mock/reset', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: 'x',
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toMatchObject({ result: 1, data: null });
    expect((await app.request('/__mock/reset', { method: 'POST' })).status).toBe(415);
    // JSON, but from another origin (a fetch of another site, were CORS ever to allow it)
    const crossSite: Record<string, string>[] = [
      { Origin: 'https://evil.example', Host: 'localhost' },
      { Origin: 'null', Host: 'localhost' },
      { 'Sec-Fetch-Site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const res = await postReset(app, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toMatchObject({ result: 1, data: null });
    }
    // nothing was reset: the session still works
    expect((await newsPage(teacher)).status).toBe(200);
    // the portal's own origin (the tools and same-origin pages) is fine
    const own = await postReset(app, { Origin: 'http://localhost', Host: 'localhost' });
    expect(own.status).toBe(200);
  });

  it('answers only a Host that names the address it listens on (no DNS rebinding)', async () => {
    const app = createTestApp({ controlHosts: ['127.0.0.1:4181', 'localhost:4181', '[::1]:4181'] });
    const teacher = await signIn(app, 'teacher');
    await teacher.postForm('/api/news/insert.json', newsForm({ message: 'Останется' }));
    const written = await newsPage(teacher);
    // a page of evil.example, which its DNS now resolves to 127.0.0.1: same-origin to itself
    const rebound = await postReset(app, {
      Host: 'evil.example:4181',
      Origin: 'http://evil.example:4181',
    });
    expect(rebound.status).toBe(403);
    expect(await rebound.json()).toEqual({
      result: 1,
      error: 'Forbidden: /__mock answers requests to the address it listens on only',
      data: null,
    });
    // the same without an Origin, another port, and no Host at all (app.request's localhost)
    const others: Record<string, string>[] = [
      { Host: 'evil.example:4181' },
      { Host: '127.0.0.1:4182' },
      {},
    ];
    for (const headers of others) {
      expect((await postReset(app, headers)).status, JSON.stringify(headers)).toBe(403);
    }
    const pace = await app.request('/__mock/order-pace', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Host: 'evil.example:4181' },
      body: '{"seconds": 1}',
    });
    expect(pace.status).toBe(403);
    // nothing was reset
    expect(await newsPage(teacher)).toEqual(written);
    for (const Host of ['127.0.0.1:4181', 'LOCALHOST:4181', '[::1]:4181']) {
      expect((await postReset(app, { Host })).status, Host).toBe(200);
    }
  });

  it('refuses a body nested past the depth rule', async () => {
    const deep = `{"seconds": ${'['.repeat(40)}1${']'.repeat(40)}}`;
    const res = await createTestApp().request('/__mock/order-pace', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: deep,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'body: JSON nesting deeper than 32 levels' });
  });
});

describe('the clock', () => {
  const createdMs = (items: { created: string }[]) => items.map((i) => Date.parse(i.created));

  it('is frozen by default (and by --now): writes one second apart from a fixed now', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    await teacher.postForm('/api/news/insert.json', newsForm({ message: 'Первое' }));
    await teacher.postForm('/api/news/insert.json', newsForm({ message: 'Второе' }));
    const [second, first] = (await newsPage(teacher)).body.data;
    expect(first?.created).toBe('2026-11-20T09:00:01+06:00');
    expect(second?.created).toBe('2026-11-20T09:00:02+06:00');
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('is live from the command line: the same world, anchored to today, writes at the real time', async () => {
    const frozen = await signIn(createTestApp(), 'teacher');
    // The real time, as the live clock reads it: a fake Date, so the test names the instant
    // instead of racing the machine's clock.
    const today = new Date('2026-11-23T14:30:00+06:00');
    vi.useFakeTimers({ toFake: ['Date'], now: today });
    const liveApp = createTestApp({ clock: 'live' });
    const live = await signIn(liveApp, 'teacher');
    const seededFrozen = (await newsPage(frozen)).body.data;
    const seededLive = (await newsPage(live)).body.data;
    // the same items (their texts name dates relative to now), each moved by the distance
    // between the two "nows"
    const undated = (items: { message: string }[]) =>
      items.map((i) => i.message.replace(/\d\d\.\d\d/g, 'ДД.ММ'));
    expect(undated(seededLive)).toEqual(undated(seededFrozen));
    const shifts = createdMs(seededLive).map((ms, i) => ms - (createdMs(seededFrozen)[i] ?? 0));
    expect(new Set(shifts)).toEqual(new Set([today.getTime() - DEFAULT_NOW.getTime()]));

    // a write five minutes later is dated then
    const later = new Date(today.getTime() + 5 * 60_000);
    vi.setSystemTime(later);
    await live.postForm('/api/news/insert.json', newsForm({ message: 'Сейчас' }));
    const [posted] = (await newsPage(live)).body.data;
    expect(posted?.message).toBe('Сейчас');
    expect(posted?.created).toBe(toBishkekIso(later));
  });
});
