import { describe, expect, it } from 'vitest';
import { calendarSlice, CURRENT_YEAR_ID } from '../src/world/core/calendar.js';
import { pairTimes, timetableFor, type Lesson } from '../src/world/schedule/schedule.js';
import { universitySlice } from '../src/world/core/university.js';
import {
  Client,
  createTestApp,
  DEMO_IDS,
  expectError,
  seededWorld,
  signIn,
  type Schema,
} from './helpers.js';

type ScheduleLesson = Schema<'ScheduleLesson'>;

const YEAR = CURRENT_YEAR_ID;

const schedule = (client: Client, who: 'teacher' | 'student', id: number, ws = 1, year = YEAR) =>
  client.postData<ScheduleLesson[]>(`/api/schedule/${who}.json`, { ws, year, id });

/** Lessons per day, Monday … Saturday (and Sunday last). */
const perDay = (lessons: { day_number: number }[]) =>
  [1, 2, 3, 4, 5, 6, 7].map((day) => lessons.filter((l) => l.day_number === day).length);

/** Two lessons clash when they share day and pair and their weeks overlap. */
function clashes(lessons: { day_number: number; lesson_number: number; week_parity: number }[]) {
  const found: string[] = [];
  lessons.forEach((a, i) => {
    for (const b of lessons.slice(i + 1)) {
      const weeksOverlap =
        a.week_parity === 0 || b.week_parity === 0 || a.week_parity === b.week_parity;
      if (a.day_number === b.day_number && a.lesson_number === b.lesson_number && weeksOverlap) {
        found.push(`${a.day_number}/${a.lesson_number}`);
      }
    }
  });
  return found;
}

const ordered = (lessons: ScheduleLesson[]) =>
  lessons.every(
    (l, i) =>
      i === 0 ||
      (lessons[i - 1]?.day_number ?? 0) < l.day_number ||
      ((lessons[i - 1]?.day_number ?? 0) === l.day_number &&
        (lessons[i - 1]?.lesson_number ?? 0) <= l.lesson_number),
  );

/**
 * The current week of both demo people of a role, each read by themselves: every one answers 200
 * with several pairs on each day Monday to Saturday, in order, without clashes.
 */
async function demoWeeks(view: 'teacher' | 'student') {
  const app = createTestApp();
  const people =
    view === 'teacher'
      ? ([
          ['teacher', DEMO_IDS.TEACHER],
          ['teacher2', DEMO_IDS.TEACHER2],
        ] as const)
      : ([
          ['student', DEMO_IDS.STUDENT],
          ['student2', DEMO_IDS.STUDENT2],
        ] as const);
  const weeks: { id: number; lessons: ScheduleLesson[] }[] = [];
  for (const [login, id] of people) {
    const { status, body } = await schedule(await signIn(app, login), view, id);
    expect(status).toBe(200);
    expect(
      perDay(body.data)
        .slice(0, 6)
        .every((n) => n >= 2),
    ).toBe(true);
    expect(ordered(body.data)).toBe(true);
    expect(clashes(body.data)).toEqual([]);
    weeks.push({ id, lessons: body.data });
  }
  return weeks;
}

describe('schedule/student.json', () => {
  it('gives each demo student a full week, Monday to Saturday, several pairs a day', async () => {
    for (const { lessons } of await demoWeeks('student')) {
      expect(perDay(lessons)[6]).toBe(0);
      for (const lesson of lessons) {
        expect(lesson.t_fio).toEqual(expect.any(String));
        expect(lesson.group).toBeNull();
        expect([lesson.time_start, lesson.time_end]).toEqual(pairTimes[lesson.lesson_number - 1]);
        expect(lesson.room).toMatch(/^\d{3} \(корпус 2\)$/);
      }
    }
  });

  it('holds exactly the disciplines and teachers of the group’s offerings', async () => {
    const store = seededWorld();
    const { offerings, disciplineById } = store.get(calendarSlice);
    const { teacherById } = store.get(universitySlice);
    const planned = offerings.filter(
      (o) => o.id_group === 101 && o.id_a_year === YEAR && o.ws === 1,
    );
    const student = await signIn(createTestApp(), 'student');
    const lessons = (await schedule(student, 'student', 7001)).body.data;
    const seen = new Set(lessons.map((l) => `${l.id_discipline} ${l.discipline} ${l.t_fio}`));
    expect(seen).toEqual(
      new Set(
        planned.map(
          (o) =>
            `${o.id_discipline} ${disciplineById.get(o.id_discipline)?.name} ${teacherById.get(o.id_teacher)?.fullName}`,
        ),
      ),
    );
    // every discipline has a lecture and a practice
    for (const o of planned) {
      const kinds = lessons
        .filter((l) => l.id_discipline === o.id_discipline)
        .map((l) => l.vid_zaniatiy);
      expect(kinds).toContain('Лекция');
      expect(kinds).toContain('Практика');
    }
  });

  it('puts the stream’s lectures in the same slot for both groups', async () => {
    const app = createTestApp();
    const lectures = async (login: 'student' | 'student2', id: number) =>
      (await schedule(await signIn(app, login), 'student', id)).body.data
        .filter((l) => l.id_vid_zaniatiy === 1)
        .map((l) => `${l.day_number}/${l.lesson_number} ${l.id_discipline} ${l.room}`);
    const first = await lectures('student', 7001);
    expect(first.length).toBeGreaterThanOrEqual(5);
    expect(await lectures('student2', 7013)).toEqual(first);
  });

  it('honours ws and year: spring differs, summer and years before admission are empty', async () => {
    const student = await signIn(createTestApp(), 'student');
    const fall = (await schedule(student, 'student', 7001, 1)).body.data;
    const spring = (await schedule(student, 'student', 7001, 2)).body.data;
    expect(spring.length).toBeGreaterThan(0);
    expect(spring.map((l) => l.id_discipline)).not.toEqual(fall.map((l) => l.id_discipline));
    expect((await schedule(student, 'student', 7001, 3)).body.data).toEqual([]);
    expect((await schedule(student, 'student', 7001, 1, YEAR - 1)).body.data).toEqual([]);
    expect((await schedule(student, 'student', 7001, 1, 999)).body.data).toEqual([]);
  });

  it('answers 403 for another student’s id and for a teacher', async () => {
    const app = createTestApp();
    const student = await signIn(app, 'student');
    const foreign = await schedule(student, 'student', 7013);
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ result: 1, data: null });
    expect((await schedule(await signIn(app, 'teacher'), 'student', 7001)).status).toBe(403);
  });

  it('answers 401 without a session and 400 naming the field', async () => {
    const app = createTestApp();
    expect((await schedule(new Client(app), 'student', 7001)).status).toBe(401);
    const student = await signIn(app, 'student');
    const cases: [unknown, string][] = [
      [{ ws: 4, year: YEAR, id: 7001 }, 'body/ws: must be one of 1, 2, 3'],
      [{ ws: 1, year: YEAR }, 'body/id: is required'],
      [{ ws: 1, year: '2026', id: 7001 }, 'body/year: must be integer'],
    ];
    for (const [body, error] of cases)
      await expectError(student.post('/api/schedule/student.json', body), 400, error);
  });
});

describe('schedule/teacher.json', () => {
  it('gives each demo teacher a full week of their own offerings, naming the groups', async () => {
    const store = seededWorld();
    const { offerings } = store.get(calendarSlice);
    const { groupById } = store.get(universitySlice);
    for (const { id, lessons } of await demoWeeks('teacher')) {
      const own = offerings.filter(
        (o) => o.id_teacher === id && o.id_a_year === YEAR && o.ws === 1,
      );
      const taught = new Set(
        own.map((o) => `${o.id_discipline} ${groupById.get(o.id_group)?.name}`),
      );
      for (const lesson of lessons) {
        expect(lesson.t_fio).toBeNull();
        for (const group of lesson.group?.split(', ') ?? []) {
          expect(taught.has(`${lesson.id_discipline} ${group}`)).toBe(true);
        }
      }
      // every group the teacher has is met
      const met = new Set(lessons.flatMap((l) => (l.group ?? '').split(', ')));
      expect(met).toEqual(new Set(own.map((o) => groupById.get(o.id_group)?.name)));
    }
  });

  it('agrees with the students’ schedules', async () => {
    const app = createTestApp();
    const teacher = (await schedule(await signIn(app, 'teacher'), 'teacher', 501)).body.data;
    const student = (await schedule(await signIn(app, 'student'), 'student', 7001)).body.data;
    const fromStudent = student
      .filter((l) => l.t_fio === 'Асанов Бакыт Эркинович')
      .map(
        (l) =>
          `${l.day_number}/${l.lesson_number}/${l.week_parity} ${l.id_discipline} ${l.vid_zaniatiy} ${l.room}`,
      );
    expect(fromStudent.length).toBeGreaterThan(0);
    const fromTeacher = teacher
      .filter((l) => l.group?.split(', ').includes('ПИ-1-26'))
      .map(
        (l) =>
          `${l.day_number}/${l.lesson_number}/${l.week_parity} ${l.id_discipline} ${l.vid_zaniatiy} ${l.room}`,
      );
    expect(fromTeacher).toEqual(fromStudent);
  });

  it('differs between years and is empty in the summer half', async () => {
    const teacher = await signIn(createTestApp(), 'teacher');
    const current = (await schedule(teacher, 'teacher', 501)).body.data;
    const earlier = (await schedule(teacher, 'teacher', 501, 1, 1)).body.data;
    expect(earlier).not.toEqual(current);
    expect((await schedule(teacher, 'teacher', 501, 3)).body.data).toEqual([]);
  });

  it('answers 403 for another teacher’s id and for a student, and 401 without a session', async () => {
    const app = createTestApp();
    expect((await schedule(await signIn(app, 'teacher'), 'teacher', 502)).status).toBe(403);
    expect((await schedule(await signIn(app, 'student'), 'teacher', 501)).status).toBe(403);
    expect((await schedule(new Client(app), 'teacher', 501)).status).toBe(401);
  });

  it('gives the same answers for the same seed', async () => {
    const a = await schedule(await signIn(createTestApp({ seed: 3 }), 'teacher'), 'teacher', 501);
    const b = await schedule(await signIn(createTestApp({ seed: 3 }), 'teacher'), 'teacher', 501);
    expect(a).toEqual(b);
  });
});

describe('the timetable', () => {
  it('has no clash for any group, teacher or room, in every year and ws', () => {
    const store = seededWorld();
    for (const year of [1, 2, 3, 4]) {
      for (const ws of [1, 2]) {
        const { lessons, byGroup, byTeacher } = timetableFor(store, year, ws);
        const byRoom = new Map<string, Lesson[]>();
        for (const lesson of lessons) {
          if (lesson.room) byRoom.set(lesson.room, [...(byRoom.get(lesson.room) ?? []), lesson]);
        }
        for (const people of [byGroup, byTeacher, byRoom]) {
          for (const [key, own] of people) expect(clashes(own), `${year}/${ws} ${key}`).toEqual([]);
        }
        expect(lessons.every((l) => l.day_number <= 6 && l.lesson_number <= 8)).toBe(true);
      }
    }
  });

  it('places every group’s planned lessons (at least 12 a week)', () => {
    const store = seededWorld();
    const { offerings } = store.get(calendarSlice);
    const { byGroup } = timetableFor(store, YEAR, 1);
    const groups = new Set(
      offerings.filter((o) => o.id_a_year === YEAR && o.ws === 1).map((o) => o.id_group),
    );
    for (const id of groups) expect((byGroup.get(id) ?? []).length).toBeGreaterThanOrEqual(12);
  });
});
