import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { chatSlice, privateKey } from '../src/world/chat/chat-planning.js';
import { CURRENT_WS, CURRENT_YEAR_ID } from '../src/world/core/calendar.js';
import {
  GROWTH_BOOKS,
  GROWTH_LESSON_DATES,
  GROWTH_MESSAGES,
  GROWTH_STUDENTS,
} from '../src/world/core/growth.js';
import { Store } from '../src/world/core/store.js';
import { DEFAULT_NOW } from '../src/world/core/time.js';
import { universitySlice } from '../src/world/core/university.js';
import { librarySlice } from '../src/world/library/library.js';
import { CHAT_PAGE_SIZE } from '../src/world/chat/chat-queries.js';
import {
  chatQuery,
  createTestApp,
  DEMO_IDS,
  signIn,
  type MockApp,
  type Schema,
  type SignedIn,
} from './helpers.js';

// The growth world (--growth n): the e-library's books, the demo group's students and its own
// classes' lesson dates, and the demo teacher's conversation with the demo student, multiplied by
// n, for the portal's cost-growth benchmark; the usual world without it.

/** Late in the fall half's exam session: every one of a growing class's dates lies before it. */
const LATE_JANUARY = new Date('2027-01-25T09:00:00+06:00');

// «Веб-разработка» (3001), the demo teacher's practice with ПИ-1-26 (the demo group, 101).
const practice = {
  id_teacher: DEMO_IDS.TEACHER,
  id_discipline: 3001,
  credits: 3,
  id_groupOrPorok: DEMO_IDS.GROUP,
  isPotok: false,
  id_semesterOrWs: 1,
  id_vid_zaniatiy: 2,
  subgroup: 0,
};
const lectures = {
  ...practice,
  id_groupOrPorok: DEMO_IDS.STREAM,
  isPotok: true,
  id_vid_zaniatiy: 1,
};

type Journal = Schema<'VisitLogJournal'>;
type Page = Schema<'ChatMessagesPage'>;

async function dataOf<T>(client: SignedIn, path: string, body: object): Promise<T> {
  const res = await client.postData<T>(path, body);
  expect(res.status).toBe(200);
  return res.body.data;
}

const books = (teacher: SignedIn) =>
  dataOf<Schema<'LibraryEBook'>[]>(teacher, '/api/library/getbooklist', {
    id_bookCategory: -1,
    id_human: teacher.user.id,
    id_humanType: teacher.user.role,
  });

const journal = (teacher: SignedIn, cls: object = practice) =>
  dataOf<Journal>(teacher, '/api/visitlog/getjournal', cls);

/** The whole conversation of the student with the demo teacher, paged back as the portal does. */
async function conversation(student: SignedIn) {
  const query = chatQuery(student, DEMO_IDS.TEACHER, practice.id_discipline);
  const latest = await dataOf<Page>(student, '/api/chat/messages', query);
  const all = [...latest.messages];
  for (let older = latest.messages; older.length === CHAT_PAGE_SIZE;) {
    const top = all[0]?.id_message ?? 0;
    older = (await dataOf<Page>(student, '/api/chat/old', { ...query, id_top_message: top }))
      .messages;
    all.unshift(...older);
  }
  return all;
}

async function signedIn(app: MockApp) {
  return { teacher: await signIn(app, 'teacher'), student: await signIn(app, 'student') };
}

describe('the growth world', () => {
  it.each([1, 10])(
    'at %i holds 200n books, a demo group of 3n students with 120 dates a class, and 50n messages between teacher and student',
    async (growth) => {
      const { teacher, student } = await signedIn(createTestApp({ growth, clock: LATE_JANUARY }));
      const library = await books(teacher);
      expect(library).toHaveLength(GROWTH_BOOKS * growth);
      expect(new Set(library.map((book) => book.id_eBook)).size).toBe(library.length);
      // titles stay unique: a second textbook of a teacher's discipline is another edition
      expect(new Set(library.map((book) => book.name)).size).toBe(library.length);

      const grid = await journal(teacher);
      expect(grid.data).toHaveLength(GROWTH_STUDENTS * growth);
      expect(grid.resArray).toHaveLength(GROWTH_LESSON_DATES);
      expect(grid.data.every((row) => row.dates.length === GROWTH_LESSON_DATES)).toBe(true);
      // the stream's lectures keep their timetable: a weekly lecture, the demo group and the other
      const stream = await journal(teacher, lectures);
      expect(stream.data).toHaveLength(GROWTH_STUDENTS * growth + 12);
      expect(stream.resArray.length).toBeLessThan(30);

      const messages = await conversation(student);
      expect(messages).toHaveLength(GROWTH_MESSAGES * growth);
      const ids = messages.map((message) => message.id_message);
      expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    },
  );

  it('at 100 holds 20,000 books, a demo group of 300 and 5,000 messages of the demo pair', () => {
    const world = new Store({ seed: 1, scale: 1, growth: 100, now: LATE_JANUARY });
    expect(world.get(librarySlice).books).toHaveLength(20_000);
    const { studentsByGroup, demo } = world.get(universitySlice);
    expect(studentsByGroup.get(demo.student.id_group)).toHaveLength(300);
    const pair = world
      .get(chatSlice)
      .privateByKey.get(
        privateKey(
          CURRENT_YEAR_ID,
          CURRENT_WS,
          practice.id_discipline,
          demo.teacher.id,
          demo.student.id,
        ),
      );
    expect(pair?.seeded).toBe(5000);
  });

  it('gives a growing class every day but Sunday and the holidays from 1 September, before today', async () => {
    // at the usual "now" (Friday 20 November) the 120 dates have not all been held yet
    const { teacher } = await signedIn(createTestApp({ growth: 1 }));
    const dates = (await journal(teacher)).resArray.map((column) => column.visitDate);
    expect(dates[0]).toBe('2026-09-01');
    expect(dates.at(-1)).toBe('2026-11-19');
    expect(dates.every((date) => new Date(date).getUTCDay() !== 0)).toBe(true);
    // 68 days from Tuesday 1 September to Thursday 19 November without Sundays, less 7 November
    expect(dates).toHaveLength(11 * 6 + 3 - 1);
    expect(dates).not.toContain('2026-11-07');
    expect(dates).toEqual([...new Set(dates)].sort());
  });

  it('is the same world for the same seed, and another for another seed', async () => {
    const answers = async (seed: number) => {
      const { teacher, student } = await signedIn(
        createTestApp({ seed, growth: 2, clock: LATE_JANUARY }),
      );
      return JSON.stringify([
        await books(teacher),
        await journal(teacher),
        await conversation(student),
      ]);
    };
    const first = await answers(3);
    expect(await answers(3)).toBe(first);
    expect(await answers(4)).not.toBe(first);
  });

  it('leaves the usual world as it is without it', () => {
    const usual = new Store({ seed: 1, scale: 1, now: DEFAULT_NOW });
    expect(usual.get(librarySlice).books).toHaveLength(100);
    const { studentsByGroup, demo } = usual.get(universitySlice);
    expect(studentsByGroup.get(demo.student.id_group)).toHaveLength(12);
    expect([demo.student.id, demo.student2.id]).toEqual([DEMO_IDS.STUDENT, DEMO_IDS.STUDENT2]);
  });

  it('keeps the demo accounts in their groups however the demo group grows', async () => {
    const app = createTestApp({ growth: 5 });
    const student2 = await signIn(app, 'student2');
    const student3 = await signIn(app, 'student3');
    expect(student2.user).toMatchObject({ group: 'ПИ-2-26', id: DEMO_IDS.STUDENT + 15 });
    expect(student3.user.group).toBe('ПИ-1-24');
  });

  it.each([101, 1.5, -1])('refuses a growth of %s', (growth) => {
    expect(() => createApp({ growth })).toThrow(RangeError);
  });
});
