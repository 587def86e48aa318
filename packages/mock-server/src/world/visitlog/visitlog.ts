// The visit log: per class (a teacher's discipline for a group or a stream, one kind of lesson) the
// lesson dates and every student's visit and mark on each date.
//
// Classes follow the timetable of schedule/schedule.ts: a kind of lesson is held for a group or
// stream when the timetable has it (lectures for the stream; practice, and labs at the IT faculty,
// per group), and its lesson dates are the timetable's days (odd/even weeks counted from the
// semester start) over the offering's semester half, before the world's `now`. So current classes
// have dates from September until yesterday, past ones a whole semester and future ones none yet.
//
// There are far too many classes at a large --scale to seed them all up front, so a class's journal
// is seeded the first time anybody reads or writes it, from faker re-seeded with (seed, class key):
// the same class always gets the same journal, whatever was asked before it.
import { groupBy } from '../core/collections.js';
import {
  academicYears,
  calendarSlice,
  type Discipline,
  type Offering,
  type SemesterHalf,
} from '../core/calendar.js';
import { faker } from '../core/faker.js';
import { GROWTH_LESSON_DATES } from '../core/growth.js';
import { LAB, LECTURE, lessonKinds, PRACTICE, type LessonKind } from '../core/lesson-kinds.js';
import { hash } from '../core/random.js';
import { timetableFor, type Lesson } from '../schedule/schedule.js';
import { defineSlice, type Store } from '../core/store.js';
import { DAY_MS, toBishkekDate } from '../core/time.js';
import { universitySlice, type Student } from '../core/university.js';

interface Assessment {
  id_otsenka: number;
  /** What the journal shows. */
  name: string;
  /** Points in 'Общая сумма'. */
  value: number;
}

/** The mark options of every kind of lesson, best first. */
export const assessments: readonly Assessment[] = [
  { id_otsenka: 1, name: '5', value: 5 },
  { id_otsenka: 2, name: '4', value: 4 },
  { id_otsenka: 3, name: '3', value: 3 },
  { id_otsenka: 4, name: '2', value: 2 },
  { id_otsenka: 5, name: 'н/б', value: 0 },
];
/** The 'н/б' option: absent. */
const ABSENT = 5;
/** No mark (the portal's ' --- ' placeholder). */
export const NO_MARK = -1;
const assessmentById = new Map(assessments.map((a) => [a.id_otsenka, a]));

export const isMarkOption = (id_otsenka: number) =>
  id_otsenka === NO_MARK || assessmentById.has(id_otsenka);

/** One student's visit and mark on one lesson date. */
interface VisitEntry {
  isVisited: boolean;
  /** An assessment id, or NO_MARK. Always ABSENT when isVisited is false. */
  id_otsenka: number;
  /** Academic hours held that day (2 = one pair). */
  timesCount: number;
}

/** A class's lessons: date (YYYY-MM-DD) → student id → entry. Every stored date has an entry. */
interface ClassJournal {
  lessons: Map<string, Map<number, VisitEntry>>;
}

interface VisitLog {
  /** The journals seeded so far (or written), by class key; the others are seeded when asked. */
  journals: Map<string, ClassJournal>;
  /** Offerings by discipline, to find a class. */
  offeringsByDiscipline: Map<number, Offering[]>;
}

const visitLogSlice = defineSlice('visitlog', ({ get }): VisitLog => ({
  journals: new Map(),
  offeringsByDiscipline: groupBy(get(calendarSlice).offerings, (o) => o.id_discipline),
}));

/** What identifies a class in every visit-log request (credits are not needed to find it). */
interface ClassQuery {
  id_discipline: number;
  id_groupOrPorok: number;
  isPotok: boolean;
  id_semesterOrWs: number;
}

/** A class of the world: one offering (or a stream's offerings) and one kind of lesson. */
export interface VisitClass {
  key: string;
  id_teacher: number;
  discipline: Discipline;
  isPotok: boolean;
  id_groupOrPorok: number;
  groupIds: number[];
  id_a_year: number;
  ws: SemesterHalf['ws'];
  id_vid_zaniatiy: LessonKind;
  /** The timetable's weekly pairs of this class. */
  slots: Pick<Lesson, 'day_number' | 'week_parity'>[];
}

/** The offerings behind a group or stream for a discipline and semester (or ws); [] if none. */
export function findOfferings(store: Store, query: ClassQuery): Offering[] {
  const { id_discipline, id_groupOrPorok, isPotok, id_semesterOrWs } = query;
  const offerings = store.get(visitLogSlice).offeringsByDiscipline.get(id_discipline) ?? [];
  const found = offerings.filter((o) =>
    isPotok ? o.id_stream === id_groupOrPorok : o.id_group === id_groupOrPorok,
  );
  const first = found[0];
  if (!first) return [];
  // the portal's semester picker may supply the semester id or the semester half
  if (id_semesterOrWs !== first.id_semester && id_semesterOrWs !== first.ws) return [];
  // a stream's groups share one teacher (core/calendar.ts); anything else is not one class
  if (found.some((o) => o.id_teacher !== first.id_teacher || o.id_a_year !== first.id_a_year)) {
    return [];
  }
  return found;
}

/** The timetable's lessons of the offerings' teacher and discipline for that group or stream. */
function timetabled(store: Store, offerings: readonly Offering[], isPotok: boolean): Lesson[] {
  const [first] = offerings;
  if (!first) return [];
  const lessons = timetableFor(store, first.id_a_year, first.ws).byTeacher.get(first.id_teacher);
  return (lessons ?? []).filter(
    (l) =>
      l.id_discipline === first.id_discipline &&
      (isPotok
        ? l.id_vid_zaniatiy === LECTURE && l.id_stream === first.id_stream
        : l.id_vid_zaniatiy !== LECTURE &&
          l.groupIds.length === 1 &&
          l.groupIds[0] === first.id_group),
  );
}

/** The kinds of lesson the timetable holds for offerings of a group or stream, in plan order. */
export function kindsOf(store: Store, offerings: readonly Offering[], isPotok: boolean) {
  const kinds = new Set(timetabled(store, offerings, isPotok).map((l) => l.id_vid_zaniatiy));
  return lessonKinds.filter((v) => kinds.has(v.id_vid_zaniatiy));
}

/** The class a request names, whoever teaches it; undefined when the world has no such class. */
export function findClass(
  store: Store,
  query: ClassQuery & { id_vid_zaniatiy: number },
): VisitClass | undefined {
  const offerings = findOfferings(store, query);
  const first = offerings[0];
  const discipline = store.get(calendarSlice).disciplineById.get(query.id_discipline);
  if (!first || !discipline) return undefined;
  const lessons = timetabled(store, offerings, query.isPotok).filter(
    (l) => l.id_vid_zaniatiy === query.id_vid_zaniatiy,
  );
  const kind = lessons[0]?.id_vid_zaniatiy;
  if (!kind) return undefined;
  return {
    key: `${discipline.id_discipline}|${query.isPotok ? 'p' : 'g'}${query.id_groupOrPorok}|${kind}`,
    id_teacher: first.id_teacher,
    discipline,
    isPotok: query.isPotok,
    id_groupOrPorok: query.id_groupOrPorok,
    groupIds: offerings.map((o) => o.id_group),
    id_a_year: first.id_a_year,
    ws: first.ws,
    id_vid_zaniatiy: kind,
    slots: lessons.map(({ day_number, week_parity }) => ({ day_number, week_parity })),
  };
}

/** The class's students ordered by s_fio (then id, for namesakes). */
export function classStudents(store: Store, cls: VisitClass): Student[] {
  const { studentsByGroup } = store.get(universitySlice);
  return cls.groupIds
    .flatMap((id) => studentsByGroup.get(id) ?? [])
    .sort((a, b) => a.fullName.localeCompare(b.fullName, 'ru') || a.id - b.id);
}

/** Subgroup 0 is the whole group or stream. */
export const inSubgroup = (student: Student, subgroup: number) =>
  subgroup === 0 || student.subgroup === subgroup;

/** The class's journal, seeded on first use. */
export function journalOf(store: Store, cls: VisitClass): ClassJournal {
  const log = store.get(visitLogSlice);
  let journal = log.journals.get(cls.key);
  if (!journal) {
    journal = seedJournal(store, cls);
    log.journals.set(cls.key, journal);
  }
  return journal;
}

// ---- seeding -------------------------------------------------------------------------------

const SALT = hash('visitlog');

// Public holidays without lessons (month-day).
const holidays = new Set(['11-07', '11-08', '02-23', '03-08', '03-21', '05-01', '05-05', '05-09']);
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The lesson dates of a semester half (fall 1 September to 26 December, spring 2 February to
 * 30 May) for weekly pairs on the given days (1 Monday … 6 Saturday; parity 1 odd weeks, 2 even,
 * counted from the week the half starts in), before `today` and not on public holidays: each
 * date with the number of pairs held that day, oldest first.
 */
export function lessonDates(
  startYear: number,
  ws: SemesterHalf['ws'],
  slots: readonly Pick<Lesson, 'day_number' | 'week_parity'>[],
  today: string,
): Map<string, number> {
  const [from, to] =
    ws === 1
      ? [Date.UTC(startYear, 8, 1), Date.UTC(startYear, 11, 26)]
      : [Date.UTC(startYear + 1, 1, 2), Date.UTC(startYear + 1, 4, 30)];
  const firstMonday = from - ((new Date(from).getUTCDay() + 6) % 7) * DAY_MS;
  const pairs = new Map<string, number>();
  for (let week = 1, monday = firstMonday; monday <= to; week++, monday += 7 * DAY_MS) {
    const parity = week % 2 === 1 ? 1 : 2;
    for (const slot of slots) {
      if (slot.week_parity !== 0 && slot.week_parity !== parity) continue;
      const day = monday + (slot.day_number - 1) * DAY_MS;
      const date = isoDay(day);
      if (day < from || day > to || date >= today || holidays.has(date.slice(5))) continue;
      pairs.set(date, (pairs.get(date) ?? 0) + 1);
    }
  }
  return new Map([...pairs].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** How a student does in a class: drives their marks and absences. */
interface StudentProfile {
  /** 0…1: higher gives better marks. */
  ability: number;
  /** Share of lessons missed. */
  absence: number;
}

const createStudentProfile = (): StudentProfile => ({
  ability: faker.number.float({ min: 0.15, max: 1 }),
  absence: faker.number.float({ min: 0.03, max: 0.2 }),
});

// Share of lessons without a mark: lectures are mostly attendance only.
const unmarkedShare: Record<LessonKind, number> = {
  [LECTURE]: 0.85,
  [PRACTICE]: 0.3,
  [LAB]: 0.15,
};

function createVisitEntry(
  profile: StudentProfile,
  kind: LessonKind,
  timesCount: number,
): VisitEntry {
  if (faker.number.float() < profile.absence) {
    return { isVisited: false, id_otsenka: ABSENT, timesCount };
  }
  if (faker.number.float() < unmarkedShare[kind]) {
    return { isVisited: true, id_otsenka: NO_MARK, timesCount };
  }
  const a = profile.ability;
  const id_otsenka = faker.helpers.weightedArrayElement([
    { weight: 0.2 + 4 * a * a, value: 1 },
    { weight: 1.5, value: 2 },
    { weight: 0.3 + 2 * (1 - a), value: 3 },
    { weight: 0.05 + (1 - a) * (1 - a), value: 4 },
  ]);
  return { isVisited: true, id_otsenka, timesCount };
}

/**
 * The growth world's lesson dates of a class of the demo group alone: every day but Sunday and
 * the holidays from the start of the semester span, exam session included, before `today`, at
 * most GROWTH_LESSON_DATES of them, one pair each.
 */
function growthLessonDates(startYear: number, ws: SemesterHalf['ws'], today: string) {
  const [from, to] = semesterSpan(startYear, ws);
  const dates = new Map<string, number>();
  for (
    let day = Date.parse(from);
    dates.size < GROWTH_LESSON_DATES && isoDay(day) <= to && isoDay(day) < today;
    day += DAY_MS
  ) {
    const date = isoDay(day);
    if (new Date(day).getUTCDay() !== 0 && !holidays.has(date.slice(5))) dates.set(date, 1);
  }
  return dates;
}

/** Whether the growth world gives the class its many dates: a class of the demo group alone. */
function growsDates(store: Store, cls: VisitClass) {
  const { id_group } = store.get(universitySlice).demo.student;
  return (
    store.growth > 0 && !cls.isPotok && cls.groupIds.length === 1 && cls.groupIds[0] === id_group
  );
}

function seedJournal(store: Store, cls: VisitClass): ClassJournal {
  // everything from other slices first: the sequence below must depend on the class alone
  const students = classStudents(store, cls);
  const today = toBishkekDate(store.now);
  const year = academicYears.find((y) => y.id_a_year === cls.id_a_year);
  const grows = growsDates(store, cls);
  faker.seed([store.seed, SALT, hash(cls.key)]);

  const profiles = students.map(createStudentProfile);
  let dates = new Map<string, number>();
  if (year) {
    dates = grows
      ? growthLessonDates(year.startYear, cls.ws, today)
      : lessonDates(year.startYear, cls.ws, cls.slots, today);
  }
  const lessons = new Map<string, Map<number, VisitEntry>>();
  for (const [date, pairs] of dates) {
    const marks = new Map<number, VisitEntry>();
    for (const [i, student] of students.entries()) {
      const profile = profiles[i];
      // two academic hours per pair
      if (profile) marks.set(student.id, createVisitEntry(profile, cls.id_vid_zaniatiy, 2 * pairs));
    }
    lessons.set(date, marks);
  }
  return { lessons };
}

// ---- lesson dates a write may name ----------------------------------------------------------

/**
 * The dates a class's semester half spans, exam session included (fall: 1 September to 31 January,
 * spring: 1 February to 30 June), as YYYY-MM-DD; the contract states the same rule.
 */
function semesterSpan(startYear: number, ws: SemesterHalf['ws']): [string, string] {
  return ws === 1
    ? [`${startYear}-09-01`, `${startYear + 1}-01-31`]
    : [`${startYear + 1}-02-01`, `${startYear + 1}-06-30`];
}

/** Why a lesson date cannot be written for the class (after today, outside its semester), or null. */
export function lessonDateProblem(store: Store, cls: VisitClass, visitDate: string): string | null {
  const today = toBishkekDate(store.now);
  if (visitDate > today) return `a lesson date cannot be after today (${today})`;
  const year = academicYears.find((y) => y.id_a_year === cls.id_a_year);
  if (!year) return null;
  const [from, to] = semesterSpan(year.startYear, cls.ws);
  if (visitDate < from || visitDate > to) return `outside the semester (${from} to ${to})`;
  return null;
}

// ---- what the contract shows ---------------------------------------------------------------

/** The journal's otsenka: 'н/б' when absent, '' without a mark, else the option's name. */
export function otsenkaOf(entry: VisitEntry | undefined): string {
  if (!entry) return '';
  if (!entry.isVisited || entry.id_otsenka === ABSENT) return 'н/б';
  return assessmentById.get(entry.id_otsenka)?.name ?? '';
}

/** A written visit, made consistent: absent means the 'н/б' option and the other way round. */
export function toVisitEntry(visit: VisitEntry): VisitEntry {
  const absent = !visit.isVisited || visit.id_otsenka === ABSENT;
  return {
    isVisited: !absent,
    id_otsenka: absent ? ABSENT : visit.id_otsenka,
    timesCount: visit.timesCount,
  };
}

/** The dates, oldest first, each with the hours held (the largest of its entries). */
export function journalColumns(journal: ClassJournal) {
  return [...journal.lessons.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([visitDate, marks]) => ({
      visitDate,
      timesCount: Math.max(1, ...Array.from(marks.values(), (m) => m.timesCount)),
    }));
}

/** The contract's VisitLogJournal for the given students (already ordered by s_fio). */
export function toJournal(journal: ClassJournal, students: readonly Student[]) {
  const resArray = journalColumns(journal);
  return {
    resArray,
    data: students.map((student) => ({
      id_student: student.id,
      s_fio: student.fullName,
      dates: resArray.map(({ visitDate, timesCount }) => {
        const entry = journal.lessons.get(visitDate)?.get(student.id);
        return {
          visitDate,
          otsenka: otsenkaOf(entry),
          timesCount: entry?.timesCount ?? timesCount,
        };
      }),
    })),
  };
}

/** The contract's Student (a list row). */
export const toStudentRow = (student: Student) => ({
  id_student: student.id,
  s_fio: student.fullName,
  id_group: student.id_group,
  subgroup: student.subgroup,
});
