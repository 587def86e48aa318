// Registration for disciplines: every student chooses, per year and semester, a teacher and a
// stream (subgroup) for each discipline of the group's study plan (the calendar's offerings), and
// may add electives when the optional-registration permission allows it.
//
// Courses (who teaches a discipline in a year and semester, in which streams) and the elective
// catalogue are built with the slice. A student's rows are materialised the first time anything
// asks for them, from a random sequence seeded by (world seed, id_student) only, so they never
// depend on which student was asked for first. Seeded ids are `id_student × 100 + n`; new ones
// count from NEW_ID_START.
import type { components } from '@lms/client/schema';
import { groupBy, indexBy } from '../core/collections.js';
import {
  CURRENT_WS,
  CURRENT_YEAR_ID,
  academicYears,
  calendarSlice,
  type Offering,
} from '../core/calendar.js';
import { faker } from '../core/faker.js';
import { LECTURE, PRACTICE } from '../core/lesson-kinds.js';
import { hash, mulberry32, pick } from '../core/random.js';
import { isStudent } from '../core/roles.js';
import { defineSlice, type Store } from '../core/store.js';
import {
  universitySlice,
  type Group,
  type Student,
  type Teacher,
  type University,
} from '../core/university.js';

/** The permission attribute the portal asks about (contract example). */
export const OPTIONAL_REGISTRATION_ATTR = 'optionalRegistration';

/**
 * Far above every seeded id: `id_student × 100 + n`, id_student < 90 000 at any scale, n ≤ 88
 * (8 semesters × 5 disciplines × lecture and practice, plus one elective per semester).
 */
const NEW_ID_START = 9_000_001;
const SEEDED_IDS_PER_STUDENT = 100;
/** Groups joined in a stream name before it is shortened to «first … last». */
const STREAM_NAME_GROUPS = 4;

interface RegStream {
  subgroup: number;
  dop_potokname: string;
  /** The groups it teaches; empty for an elective's stream (open to everybody). */
  groupIds: number[];
}

interface CourseTeacher {
  id_teacher: number;
  streams: RegStream[];
}

type RegOptionalDiscipline = components['schemas']['RegOptionalDiscipline'];

/**
 * A discipline as registration offers it (the contract's RegOptionalDiscipline: what a row shows
 * besides teacher and stream), with its teachers and streams.
 */
export interface Course extends RegOptionalDiscipline {
  /** The plan's teacher first (the one the schedule and the journal know). */
  teachers: CourseTeacher[];
}

/** One registration row of a student (plan rows exist while unregistered too). */
export interface RegRecord {
  /** null for a plan row nobody registered yet. */
  id_disciplineForStudent: number | null;
  id_student: number;
  id_group: number;
  id_a_year: number;
  id_semester: number;
  id_discipline: number;
  id_vid_zaniatiy: number;
  isByPlan: boolean;
  id_teacher: number | null;
  /** 0 while none is chosen. */
  subgroup: number;
}

export interface Registration {
  seed: number;
  /** By `courseKey(discipline, year, semester, kind of lesson)`. */
  courses: Map<string, Course>;
  /** Offered in every semester, to students with the permission. */
  electives: Course[];
  electiveById: Map<number, Course>;
  /** A group's plan (offerings) by `planKey(group, year, semester)`. */
  plans: Map<string, Offering[]>;
  /** Materialised rows by id_student, plan rows first in plan order, then electives. */
  rows: Map<number, RegRecord[]>;
  /** Every registered row of a materialised student, by id_disciplineForStudent. */
  byId: Map<number, RegRecord>;
  nextId: number;
}

const courseKey = (
  id_discipline: number,
  id_a_year: number,
  id_semester: number,
  id_vid_zaniatiy: number,
) => `${id_discipline} ${id_a_year} ${id_semester} ${id_vid_zaniatiy}`;
const planKey = (id_group: number, id_a_year: number, id_semester: number) =>
  `${id_group} ${id_a_year} ${id_semester}`;

const electiveCatalogue: readonly [name: string, id_kafedra: number][] = [
  ['Основы предпринимательства', 22],
  ['Психология делового общения', 22],
  ['Финансовая грамотность', 21],
  ['Введение в анализ данных', 12],
  ['Цифровая грамотность', 11],
  ['Основы кибербезопасности', 11],
  ['Права человека', 32],
  ['Основы антикоррупционной культуры', 31],
  ['Деловой русский язык', 41],
  ['Китайский язык', 41],
  ['Турецкий язык', 42],
  ['Кыргызская литература XX века', 42],
];
const FIRST_ELECTIVE_ID = 4001;

function streamName(groups: Group[], n: number) {
  const names = groups.map((g) => g.name);
  const joined =
    names.length <= STREAM_NAME_GROUPS ? names.join(', ') : `${names[0]} … ${names.at(-1)}`;
  return `${joined} (поток ${n})`;
}

function drawTeachers(first: Teacher, pool: Teacher[]): Teacher[] {
  const others = pool.filter((t) => t.id !== first.id);
  const extra = faker.helpers.weightedArrayElement([
    { weight: 1, value: 0 },
    { weight: 2, value: 1 },
    { weight: 1, value: 2 },
  ]);
  return [first, ...faker.helpers.arrayElements(others, Math.min(extra, others.length))];
}

export const regfordisciplinesSlice = defineSlice(
  'regfordisciplines',
  ({ get, seed }): Registration => {
    const university = get(universitySlice);
    const { offerings, disciplineById } = get(calendarSlice);
    const teachersByKafedra = groupBy(university.teachers, (t) => t.id_kafedra);
    const groupsOf = (id_stream: number) =>
      (university.streamById.get(id_stream)?.groupIds ?? []).flatMap((id) => {
        const group = university.groupById.get(id);
        return group ? [group] : [];
      });

    // Courses of the plan, as the timetable holds them: lectures (kind 1) for the whole stream,
    // practice (kind 2) per group. The plan's teacher runs both; colleagues of the same department
    // run another lecture stream or one group's practice.
    const courses = new Map<string, Course>();
    for (const offering of offerings) {
      const { id_discipline, id_a_year, id_semester } = offering;
      if (courses.has(courseKey(id_discipline, id_a_year, id_semester, LECTURE))) continue;
      const discipline = disciplineById.get(id_discipline);
      const planTeacher = university.teacherById.get(offering.id_teacher);
      if (!discipline || !planTeacher) continue;
      const groups = groupsOf(offering.id_stream);
      const colleagues = teachersByKafedra.get(planTeacher.id_kafedra) ?? [];
      for (const kind of [LECTURE, PRACTICE]) {
        let n = 0;
        const stream = (of: Group[]): RegStream => {
          n += 1;
          return {
            subgroup: n,
            dop_potokname: streamName(of, n),
            groupIds: of.map((g) => g.id_group),
          };
        };
        const teachers = drawTeachers(planTeacher, colleagues).map((teacher, i): CourseTeacher => ({
          id_teacher: teacher.id,
          streams:
            kind === LECTURE
              ? [stream(groups)]
              : i === 0
                ? groups.map((g) => stream([g]))
                : [stream(groups.slice(i % groups.length, (i % groups.length) + 1))],
        }));
        courses.set(courseKey(id_discipline, id_a_year, id_semester, kind), {
          id_discipline,
          name: discipline.name,
          kredits: discipline.kredits,
          id_examination: discipline.id_examination,
          id_kafedra: planTeacher.id_kafedra,
          id_vid_zaniatiy: kind,
          teachers,
        });
      }
    }

    const electives = electiveCatalogue.map(([name, id_kafedra], i): Course => {
      const pool = teachersByKafedra.get(id_kafedra) ?? [];
      const first = faker.helpers.arrayElement(pool);
      let n = 0;
      const teachers = drawTeachers(first, pool).map((teacher) => ({
        id_teacher: teacher.id,
        streams: Array.from({ length: faker.number.int({ min: 1, max: 2 }) }, () => {
          n += 1;
          return { subgroup: n, dop_potokname: `${name} (поток ${n})`, groupIds: [] };
        }),
      }));
      return {
        id_discipline: FIRST_ELECTIVE_ID + i,
        name,
        kredits: faker.number.int({ min: 2, max: 4 }),
        id_examination: faker.helpers.arrayElement([2, 3]),
        id_kafedra,
        id_vid_zaniatiy: faker.helpers.arrayElement([LECTURE, PRACTICE]),
        teachers,
      };
    });

    return {
      seed,
      courses,
      electives,
      electiveById: indexBy(electives, (e) => e.id_discipline),
      plans: groupBy(offerings, (o) => planKey(o.id_group, o.id_a_year, o.id_semester)),
      rows: new Map(),
      byId: new Map(),
      nextId: NEW_ID_START,
    };
  },
);

/**
 * Whether a person may register for electives: students of the first, third, … group of each
 * stream (so the demo student of ПИ-1-26 may, student2 of ПИ-2-26 may not); never teachers, and
 * no other attribute is granted.
 */
export function hasOptionalPermission(
  university: University,
  person: Teacher | Student,
  attr: string,
) {
  if (attr !== OPTIONAL_REGISTRATION_ATTR || !isStudent(person)) return false;
  const group = university.groupById.get(person.id_group);
  const stream = group && university.streamById.get(group.id_stream);
  return !!stream && stream.groupIds.indexOf(group.id_group) % 2 === 0;
}

/** The (year, semester) pairs a group studies up to the current year, in study order. */
export function groupSemesters(registration: Registration, group: Group) {
  const pairs: { id_a_year: number; id_semester: number; ws: 1 | 2 }[] = [];
  for (const year of academicYears) {
    for (const ws of [1, 2] as const) {
      const id_semester = (year.startYear - group.intakeYear) * 2 + ws;
      if (registration.plans.has(planKey(group.id_group, year.id_a_year, id_semester))) {
        pairs.push({ id_a_year: year.id_a_year, id_semester, ws });
      }
    }
  }
  return pairs;
}

/** The course a row refers to: an elective, or a plan discipline's lectures or practice. */
export function courseOf(
  registration: Registration,
  row: Pick<RegRecord, 'id_discipline' | 'id_a_year' | 'id_semester' | 'id_vid_zaniatiy'>,
) {
  const elective = registration.electiveById.get(row.id_discipline);
  if (elective) return elective.id_vid_zaniatiy === row.id_vid_zaniatiy ? elective : undefined;
  return registration.courses.get(
    courseKey(row.id_discipline, row.id_a_year, row.id_semester, row.id_vid_zaniatiy),
  );
}

/** A student's rows, materialised from the seed the first time they are needed. */
export function studentRows(store: Store, student: Student): RegRecord[] {
  const registration = store.get(regfordisciplinesSlice);
  const known = registration.rows.get(student.id);
  if (known) return known;

  const university = store.get(universitySlice);
  // a student's own random sequence: (seed, id_student) alone decide their rows
  const random = mulberry32(hash(registration.seed, student.id, 0x5eed));
  const isDemo = student.id === university.demo.student.id;
  const electivesAllowed = hasOptionalPermission(university, student, OPTIONAL_REGISTRATION_ATTR);
  const rows: RegRecord[] = [];
  let n = 0;
  const seededId = () => student.id * SEEDED_IDS_PER_STUDENT + ++n;

  const group = university.groupById.get(student.id_group);
  const semesters = group ? groupSemesters(registration, group) : [];
  for (const { id_a_year, id_semester, ws } of semesters) {
    // Registration is open for the rest of the current year; earlier semesters are settled.
    const open = id_a_year === CURRENT_YEAR_ID && ws > CURRENT_WS;
    const plan = registration.plans.get(planKey(student.id_group, id_a_year, id_semester)) ?? [];
    const electives: RegRecord[] = [];
    const planCourses = plan.flatMap((offering) =>
      [LECTURE, PRACTICE].flatMap((kind) => {
        const key = courseKey(offering.id_discipline, id_a_year, id_semester, kind);
        const course = registration.courses.get(key);
        return course ? [course] : [];
      }),
    );
    for (const [k, course] of planCourses.entries()) {
      // settled: the plan's teacher, in the stream of the student's group
      const chosen = open ? (isDemo ? k % 3 !== 1 : random() < 0.5) : true;
      const teacher = open ? pick(random, course.teachers) : course.teachers[0];
      const own = teacher?.streams.filter((st) => st.groupIds.includes(student.id_group)) ?? [];
      const streams = own.length > 0 ? own : (teacher?.streams ?? []);
      const stream = open ? pick(random, streams) : streams[0];
      const registered = chosen && teacher && stream;
      rows.push({
        id_disciplineForStudent: registered ? seededId() : null,
        id_student: student.id,
        id_group: student.id_group,
        id_a_year,
        id_semester,
        id_discipline: course.id_discipline,
        id_vid_zaniatiy: course.id_vid_zaniatiy,
        isByPlan: true,
        id_teacher: registered ? teacher.id_teacher : null,
        subgroup: registered ? stream.subgroup : 0,
      });
    }
    const current = id_a_year === CURRENT_YEAR_ID;
    if (electivesAllowed && ((isDemo && current) || random() < 0.3)) {
      const taken = new Set(rows.map((row) => row.id_discipline));
      const elective = pick(
        random,
        registration.electives.filter((e) => !taken.has(e.id_discipline)),
      );
      const teacher = elective && pick(random, elective.teachers);
      const stream = teacher && pick(random, teacher.streams);
      if (elective && teacher && stream) {
        electives.push({
          id_disciplineForStudent: seededId(),
          id_student: student.id,
          id_group: student.id_group,
          id_a_year,
          id_semester,
          id_discipline: elective.id_discipline,
          id_vid_zaniatiy: elective.id_vid_zaniatiy,
          isByPlan: false,
          id_teacher: teacher.id_teacher,
          subgroup: stream.subgroup,
        });
      }
    }
    rows.push(...electives);
  }

  registration.rows.set(student.id, rows);
  for (const row of rows) {
    if (row.id_disciplineForStudent !== null)
      registration.byId.set(row.id_disciplineForStudent, row);
  }
  return rows;
}

/** The row with a registration id, whoever it belongs to; undefined when nobody has it. */
export function findRegistration(store: Store, id: number): RegRecord | undefined {
  const registration = store.get(regfordisciplinesSlice);
  const known = registration.byId.get(id);
  if (known || id >= NEW_ID_START) return known;
  // a seeded id names its student: materialise them and look again
  const owner = store.get(universitySlice).studentById.get(Math.floor(id / SEEDED_IDS_PER_STUDENT));
  if (!owner) return undefined;
  studentRows(store, owner);
  return registration.byId.get(id);
}
