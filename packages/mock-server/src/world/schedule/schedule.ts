// Area "schedule": the weekly timetable of every group and teacher, built from the calendar's
// offerings of one academic year and semester half (ws). A stream's groups hear a discipline's
// lectures together; practice and laboratory pairs are per group. Lessons are placed greedily,
// Monday to Saturday, so that no group, teacher or room has two lessons at once (biweekly lessons
// of odd and even weeks may share a slot), spreading each group's and teacher's pairs over the
// week. The rooms come from the seed; the placement itself is a pure function of the world, so a
// timetable is computed the first time a (year, ws) is asked for and kept until reset.
import { academicYears, calendarSlice, type Offering } from '../core/calendar.js';
import { groupBy } from '../core/collections.js';
import { faker } from '../core/faker.js';
import { defineSlice, type Store } from '../core/store.js';
import { LAB, LECTURE, PRACTICE, type LessonKind } from '../core/lesson-kinds.js';
import { faculties, universitySlice } from '../core/university.js';

type WeekParity = 0 | 1 | 2;

/** Pair number → start and end, HH:mm. */
export const pairTimes: readonly (readonly [string, string])[] = [
  ['08:00', '09:20'],
  ['09:30', '10:50'],
  ['11:10', '12:30'],
  ['13:00', '14:20'],
  ['14:30', '15:50'],
  ['16:00', '17:20'],
  ['17:30', '18:50'],
  ['19:00', '20:20'],
];

/** Monday … Saturday. */
const STUDY_DAYS = 6;
const PAIRS = pairTimes.length;
/** Every group's week holds at least this many pairs (two a day). */
const MIN_WEEKLY_PAIRS = 12;
/** Pairs after this one are avoided unless nothing earlier is free. */
const USUAL_PAIRS = 5;

export interface Lesson {
  day_number: number;
  lesson_number: number;
  week_parity: WeekParity;
  id_discipline: number;
  id_vid_zaniatiy: LessonKind;
  id_teacher: number;
  /** The groups that attend: the whole stream for a lecture, one group otherwise. */
  groupIds: number[];
  id_stream: number;
  room: string | null;
}

interface Timetable {
  lessons: Lesson[];
  byTeacher: Map<number, Lesson[]>;
  byGroup: Map<number, Lesson[]>;
}

type RoomKind = 'hall' | 'class' | 'lab';

interface ScheduleWorld {
  /** Room names per faculty and kind, e.g. «305 (корпус 2)». */
  rooms: Map<number, Record<RoomKind, string[]>>;
  /** Built on first use, by `${id_a_year}:${ws}`. */
  timetables: Map<string, Timetable>;
}

const buildings: Record<number, string> = {
  1: 'корпус 2',
  2: 'главный корпус',
  3: 'корпус 5',
  4: 'корпус 6',
};

const scheduleSlice = defineSlice('schedule', ({ scale }): ScheduleWorld => {
  const rooms = new Map<number, Record<RoomKind, string[]>>();
  for (const faculty of faculties) {
    const building = buildings[faculty.id_faculty] ?? 'главный корпус';
    const taken = new Set<string>();
    // room numbers floor × 100 + 1…40; a large --scale adds blocks to the building
    const draw = (count: number, floors: readonly number[]) => {
      const names: string[] = [];
      for (let block = 1; names.length < count; block++) {
        const place = block === 1 ? building : `${building}, блок ${block}`;
        const free = floors
          .flatMap((floor) =>
            Array.from({ length: 40 }, (_, n) => `${floor * 100 + n + 1} (${place})`),
          )
          .filter((name) => !taken.has(name));
        const share = Math.min(count - names.length, Math.floor(free.length / 3));
        for (const name of faker.helpers.arrayElements(free, share)) {
          taken.add(name);
          names.push(name);
        }
      }
      return names.sort();
    };
    rooms.set(faculty.id_faculty, {
      hall: draw(4 * scale, [1, 2]),
      class: draw(14 * scale, [2, 3, 4]),
      lab: draw(6 * scale, [3, 4, 5]),
    });
  }
  return { rooms, timetables: new Map() };
});

interface Request {
  kind: LessonKind;
  parity: WeekParity;
  offering: Offering;
  groupIds: number[];
}

/** Occupied slots of one person or room: per (day, pair), bit 1 odd weeks, bit 2 even weeks. */
class Busy {
  readonly slots = new Uint8Array(STUDY_DAYS * PAIRS);
  /** Pairs per day (a biweekly pair counts half). */
  readonly load = new Float64Array(STUDY_DAYS);

  free(slot: number, mask: number) {
    return ((this.slots[slot] ?? 0) & mask) === 0;
  }

  take(slot: number, mask: number) {
    this.slots[slot] = (this.slots[slot] ?? 0) | mask;
    this.load[Math.floor(slot / PAIRS)] =
      (this.load[Math.floor(slot / PAIRS)] ?? 0) + (mask === 3 ? 1 : 0.5);
  }
}

const maskOf = (parity: WeekParity) => (parity === 0 ? 3 : parity);

function busyOf<K>(map: Map<K, Busy>, key: K) {
  let busy = map.get(key);
  if (!busy) {
    busy = new Busy();
    map.set(key, busy);
  }
  return busy;
}

/**
 * The general subjects every curriculum shares (languages, history, …): never in a lab. From a
 * string, so the bundle stays ASCII (library/library.ts says why).
 */
const GENERAL_SUBJECTS = new RegExp(
  'язык|История|Философия|Манасоведение|Физическая культура|Экология|Основы права',
);

/** The lessons a discipline gets each week, by its credits. */
function weeklyLessons(name: string, kredits: number, id_faculty: number) {
  // laboratory work in the IT faculty's own subjects; a second practice elsewhere
  const extra: LessonKind = id_faculty === 1 && !GENERAL_SUBJECTS.test(name) ? LAB : PRACTICE;
  return {
    lectures: kredits >= 5 ? 2 : 1,
    practices: kredits >= 6 ? 2 : 1,
    extra,
    /** 0 none, 1 biweekly, 2 weekly. */
    extraFrequency: kredits >= 4 ? 2 : kredits === 3 ? 1 : 0,
  };
}

type CoursePlan = ReturnType<typeof weeklyLessons> & { course: Offering[]; first: Offering };

/**
 * The weekly lessons of each course of the chosen offerings: a course is one (stream, discipline,
 * teacher), whose lectures all its groups hear together. Every group has at least
 * MIN_WEEKLY_PAIRS: a light stream's courses get more practice, in turn.
 */
function coursePlans(store: Store, chosen: readonly Offering[]): CoursePlan[] {
  const { groupById } = store.get(universitySlice);
  const { disciplineById } = store.get(calendarSlice);
  const courses = groupBy(chosen, (o) => `${o.id_stream} ${o.id_discipline} ${o.id_teacher}`);
  const plans = [...courses.values()].flatMap((course) => {
    const first = course[0];
    if (!first) return [];
    const discipline = disciplineById.get(first.id_discipline);
    const id_faculty = groupById.get(first.id_group)?.id_faculty ?? 1;
    return [
      {
        course,
        first,
        ...weeklyLessons(discipline?.name ?? '', discipline?.kredits ?? 3, id_faculty),
      },
    ];
  });
  for (const streamPlans of groupBy(plans, (p) => p.first.id_stream).values()) {
    const total = () =>
      streamPlans.reduce(
        (n, p) => n + p.lectures + p.practices + (p.extraFrequency > 0 ? 1 : 0),
        0,
      );
    for (let i = 0; total() < MIN_WEEKLY_PAIRS && streamPlans.length > 0; i++) {
      const plan = streamPlans[i % streamPlans.length];
      if (plan) plan.practices += 1;
    }
  }
  return plans;
}

/**
 * The lessons to place, in the order they are placed: every lecture (a stream's groups at once),
 * then every practice, then the labs or second practices (a biweekly one alternates its groups
 * between odd and even weeks).
 */
function lessonRequests(plans: readonly CoursePlan[]): Request[] {
  const lectures: Request[] = [];
  const practices: Request[] = [];
  const extras: Request[] = [];
  for (const { course, first, ...plan } of plans) {
    const groupIds = course.map((o) => o.id_group);
    for (let i = 0; i < plan.lectures; i++) {
      lectures.push({ kind: LECTURE, parity: 0, offering: first, groupIds });
    }
    for (const [index, offering] of course.entries()) {
      for (let i = 0; i < plan.practices; i++) {
        practices.push({ kind: PRACTICE, parity: 0, offering, groupIds: [offering.id_group] });
      }
      if (plan.extraFrequency > 0) {
        const parity: WeekParity = plan.extraFrequency === 2 ? 0 : index % 2 === 0 ? 1 : 2;
        extras.push({ kind: plan.extra, parity, offering, groupIds: [offering.id_group] });
      }
    }
  }
  return [...lectures, ...practices, ...extras];
}

/**
 * The cheapest slot free for the teacher and every group in the weeks `mask` names; -1 when none
 * is. A slot costs more on a day the groups or the teacher already have many pairs, later in the
 * day, and much more past USUAL_PAIRS; the first of equal costs wins.
 */
function cheapestSlot(groups: readonly Busy[], teacher: Busy, mask: number) {
  let best = -1;
  let bestCost = Infinity;
  for (let day = 0; day < STUDY_DAYS; day++) {
    let groupLoad = 0;
    for (const g of groups) groupLoad = Math.max(groupLoad, g.load[day] ?? 0);
    const dayCost = 10 * groupLoad + 6 * (teacher.load[day] ?? 0);
    for (let pair = 0; pair < PAIRS; pair++) {
      const slot = day * PAIRS + pair;
      const cost = dayCost + 3 * pair + (pair >= USUAL_PAIRS ? 100 : 0);
      if (cost >= bestCost) continue;
      if (!teacher.free(slot, mask) || !groups.every((g) => g.free(slot, mask))) continue;
      best = slot;
      bestCost = cost;
    }
  }
  return best;
}

/**
 * A room of the group's faculty free in the slot, taken: the lesson kind's rooms first, then any
 * other; each pool is searched from a place the group's id picks, so groups spread over the
 * rooms. Null when every room is taken.
 */
function takeRoom(
  facultyRooms: Record<RoomKind, string[]> | undefined,
  roomBusy: Map<string, Busy>,
  { offering, kind }: Request,
  slot: number,
  mask: number,
) {
  const roomKind: RoomKind = kind === LECTURE ? 'hall' : kind === LAB ? 'lab' : 'class';
  const pools = facultyRooms
    ? [facultyRooms[roomKind], facultyRooms.class, facultyRooms.lab, facultyRooms.hall]
    : [];
  let room: string | null = null;
  for (const pool of pools) {
    for (let i = 0; i < pool.length && !room; i++) {
      const candidate = pool[(offering.id_group + i) % pool.length];
      if (candidate && busyOf(roomBusy, candidate).free(slot, mask)) room = candidate;
    }
    if (room) break;
  }
  if (room) busyOf(roomBusy, room).take(slot, mask);
  return room;
}

/** The placed lessons in week order, with each teacher's and each attending group's. */
function indexTimetable(lessons: Lesson[]): Timetable {
  lessons.sort(
    (a, b) =>
      a.day_number - b.day_number ||
      a.lesson_number - b.lesson_number ||
      a.week_parity - b.week_parity,
  );
  const byGroup = new Map<number, Lesson[]>();
  for (const lesson of lessons) {
    for (const id of lesson.groupIds) {
      const list = byGroup.get(id);
      if (list) list.push(lesson);
      else byGroup.set(id, [lesson]);
    }
  }
  return { lessons, byTeacher: groupBy(lessons, (l) => l.id_teacher), byGroup };
}

/** Places every lesson of a year and ws greedily, in request order, each in its cheapest slot. */
function buildTimetable(store: Store, id_a_year: number, ws: number): Timetable {
  const { rooms } = store.get(scheduleSlice);
  const { groupById } = store.get(universitySlice);
  const { offerings } = store.get(calendarSlice);
  const chosen = offerings.filter((o) => o.id_a_year === id_a_year && o.ws === ws);

  const groupBusy = new Map<number, Busy>();
  const teacherBusy = new Map<number, Busy>();
  const roomBusy = new Map<string, Busy>();
  const lessons: Lesson[] = [];
  for (const request of lessonRequests(coursePlans(store, chosen))) {
    const { offering, groupIds, parity, kind } = request;
    const mask = maskOf(parity);
    const groups = groupIds.map((id) => busyOf(groupBusy, id));
    const teacher = busyOf(teacherBusy, offering.id_teacher);
    const slot = cheapestSlot(groups, teacher, mask);
    if (slot < 0) continue; // an overloaded teacher (large --scale): the pair is not held
    teacher.take(slot, mask);
    for (const g of groups) g.take(slot, mask);
    const facultyRooms = rooms.get(groupById.get(offering.id_group)?.id_faculty ?? 1);
    lessons.push({
      day_number: Math.floor(slot / PAIRS) + 1,
      lesson_number: (slot % PAIRS) + 1,
      week_parity: parity,
      id_discipline: offering.id_discipline,
      id_vid_zaniatiy: kind,
      id_teacher: offering.id_teacher,
      groupIds,
      id_stream: offering.id_stream,
      room: takeRoom(facultyRooms, roomBusy, request, slot, mask),
    });
  }
  return indexTimetable(lessons);
}

/** The timetable of a year and ws (empty for the summer half and for years without studies). */
export function timetableFor(store: Store, id_a_year: number, ws: number): Timetable {
  // only real (year, ws) pairs are kept, so arbitrary requests cannot grow the cache
  if (!academicYears.some((y) => y.id_a_year === id_a_year) || (ws !== 1 && ws !== 2)) {
    return { lessons: [], byTeacher: new Map(), byGroup: new Map() };
  }
  const { timetables } = store.get(scheduleSlice);
  const key = `${id_a_year}:${ws}`;
  let timetable = timetables.get(key);
  if (!timetable) {
    timetable = buildTimetable(store, id_a_year, ws);
    timetables.set(key, timetable);
  }
  return timetable;
}
