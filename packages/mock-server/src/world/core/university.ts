// The shared world every area builds on: faculties and their departments (kafedra), groups and
// streams (potok), teachers and students. The four demo people are fixed; everyone else comes from
// the seed. --scale multiplies groups and teachers (and with them students); --growth sizes the
// demo group (core/growth.ts).
import { groupBy, indexBy } from './collections.js';
import { createPersonName, fullName, shortName, type PersonName } from './names.js';
import { faker } from './faker.js';
import { isStudent, ROLE_STUDENT, ROLE_TEACHER, type Role } from './roles.js';
import { defineSlice } from './store.js';
import { GROWTH_STUDENTS } from './growth.js';

interface Faculty {
  id_faculty: number;
  name: string;
  shortName: string;
}

interface Kafedra {
  id_kafedra: number;
  id_faculty: number;
  name: string;
}

interface Specialty {
  code: string;
  name: string;
  id_faculty: number;
}

export interface Group {
  id_group: number;
  /** «ПИ-1-23»: specialty, number within the intake, intake year. */
  name: string;
  id_faculty: number;
  specialty: string;
  /** Year of admission (2023 → course 4 in 2026-2027). */
  intakeYear: number;
  id_stream: number;
}

/** A stream (potok): the groups of one specialty and intake, taught lectures together. */
export interface Stream {
  id_stream: number;
  name: string;
  id_faculty: number;
  specialty: string;
  intakeYear: number;
  groupIds: number[];
}

interface Person extends PersonName {
  /** Person id (id_teacher / id_student). */
  id: number;
  /** Account id. */
  uid: number;
  role: Role;
  id_faculty: number;
  fullName: string;
  /** «Асанов Б.Э.». */
  shortName: string;
}

export interface Teacher extends Person {
  role: typeof ROLE_TEACHER;
  id_kafedra: number;
  newsPerms: boolean;
}

export interface Student extends Person {
  role: typeof ROLE_STUDENT;
  id_group: number;
  subgroup: 1 | 2;
}

export const faculties: readonly Faculty[] = [
  { id_faculty: 1, name: 'Факультет информационных технологий', shortName: 'ФИТ' },
  { id_faculty: 2, name: 'Экономический факультет', shortName: 'ЭФ' },
  { id_faculty: 3, name: 'Юридический факультет', shortName: 'ЮФ' },
  { id_faculty: 4, name: 'Филологический факультет', shortName: 'ФФ' },
];

export const kafedras: readonly Kafedra[] = [
  { id_kafedra: 11, id_faculty: 1, name: 'Кафедра программной инженерии' },
  { id_kafedra: 12, id_faculty: 1, name: 'Кафедра информационных систем' },
  { id_kafedra: 21, id_faculty: 2, name: 'Кафедра экономической теории' },
  { id_kafedra: 22, id_faculty: 2, name: 'Кафедра менеджмента' },
  { id_kafedra: 31, id_faculty: 3, name: 'Кафедра гражданского права' },
  { id_kafedra: 32, id_faculty: 3, name: 'Кафедра уголовного права' },
  { id_kafedra: 41, id_faculty: 4, name: 'Кафедра русской филологии' },
  { id_kafedra: 42, id_faculty: 4, name: 'Кафедра кыргызской филологии' },
];

export const specialties: readonly Specialty[] = [
  { code: 'ПИ', name: 'Прикладная информатика', id_faculty: 1 },
  { code: 'ИВТ', name: 'Информатика и вычислительная техника', id_faculty: 1 },
  { code: 'ЭК', name: 'Экономика', id_faculty: 2 },
  { code: 'МЕН', name: 'Менеджмент', id_faculty: 2 },
  { code: 'ЮР', name: 'Юриспруденция', id_faculty: 3 },
  { code: 'ФИЛ', name: 'Филология', id_faculty: 4 },
  { code: 'ЛИН', name: 'Лингвистика', id_faculty: 4 },
];

/** Intakes studying in the current academic year 2026-2027: courses 1 to 4. */
const INTAKE_YEARS = [2026, 2025, 2024, 2023] as const;
/** The intake of the third-year demo student (student3), who has earlier years. */
const THIRD_YEAR_INTAKE = 2024;
const GROUPS_PER_INTAKE = 2;
const STUDENTS_PER_GROUP = 12;
const TEACHERS_PER_FACULTY = 12;
// Id ranges: teachers 501…, students 7001…; accounts (uid) 1001… and 20001…
const FIRST_TEACHER_ID = 501;
const FIRST_TEACHER_UID = 1001;
const FIRST_STUDENT_ID = 7001;
const FIRST_STUDENT_UID = 20001;
/** Keeps the id ranges apart (teachers stay below 7001). */
export const MAX_SCALE = 100;

/** The demo people (their accounts are in accounts.ts). */
const demoPeople = {
  teacher: { surname: 'Асанов', name: 'Бакыт', patronymic: 'Эркинович', sex: 'male' },
  teacher2: { surname: 'Смирнова', name: 'Ольга', patronymic: 'Викторовна', sex: 'female' },
  student: { surname: 'Токтогулова', name: 'Айпери', patronymic: 'Нурлановна', sex: 'female' },
  student2: { surname: 'Иванов', name: 'Дмитрий', patronymic: 'Сергеевич', sex: 'male' },
} as const satisfies Record<string, PersonName>;

type PersonFields<T extends Person> = Omit<T, keyof PersonName | 'fullName' | 'shortName'> &
  Partial<PersonName>;

function withName<T extends Person>(fields: PersonFields<T>): T {
  const { surname, name, patronymic, sex, ...rest } = fields;
  const person = createPersonName({
    ...(surname && { surname }),
    ...(name && { name }),
    ...(patronymic && { patronymic }),
    ...(sex && { sex }),
  });
  return { ...rest, ...person, fullName: fullName(person), shortName: shortName(person) } as T;
}

const createTeacher = (
  fields: Omit<PersonFields<Teacher>, 'role' | 'newsPerms'> & Partial<Pick<Teacher, 'newsPerms'>>,
): Teacher =>
  withName<Teacher>({ role: ROLE_TEACHER, newsPerms: faker.number.float() < 0.25, ...fields });

const createStudent = (
  fields: Omit<PersonFields<Student>, 'role' | 'subgroup'> & Partial<Pick<Student, 'subgroup'>>,
): Student =>
  withName<Student>({
    role: ROLE_STUDENT,
    subgroup: faker.helpers.arrayElement([1, 2]),
    ...fields,
  });

export interface University {
  faculties: readonly Faculty[];
  kafedras: readonly Kafedra[];
  groups: Group[];
  streams: Stream[];
  teachers: Teacher[];
  students: Student[];
  groupById: Map<number, Group>;
  streamById: Map<number, Stream>;
  teacherById: Map<number, Teacher>;
  studentById: Map<number, Student>;
  studentsByGroup: Map<number, Student[]>;
  /** The people behind the demo accounts. */
  demo: {
    teacher: Teacher;
    teacher2: Teacher;
    student: Student;
    student2: Student;
    /** A third-year student (first of the first group of intake 2024): years of history. */
    student3: Student;
  };
}

export const universitySlice = defineSlice('university', ({ scale, growth }): University => {
  const groups: Group[] = [];
  const streams: Stream[] = [];
  for (const specialty of specialties) {
    for (const intakeYear of INTAKE_YEARS) {
      const stream: Stream = {
        id_stream: 9001 + streams.length,
        name: `${specialty.code}-${intakeYear % 100} (поток)`,
        id_faculty: specialty.id_faculty,
        specialty: specialty.code,
        intakeYear,
        groupIds: [],
      };
      streams.push(stream);
      for (let n = 1; n <= GROUPS_PER_INTAKE * scale; n++) {
        const id_group = 101 + groups.length;
        stream.groupIds.push(id_group);
        groups.push({
          id_group,
          name: `${specialty.code}-${n}-${intakeYear % 100}`,
          id_faculty: specialty.id_faculty,
          specialty: specialty.code,
          intakeYear,
          id_stream: stream.id_stream,
        });
      }
    }
  }

  const teachers: Teacher[] = [];
  for (const faculty of faculties) {
    const facultyKafedras = kafedras.filter((k) => k.id_faculty === faculty.id_faculty);
    for (let i = 0; i < TEACHERS_PER_FACULTY * scale; i++) {
      const index = teachers.length;
      const demo = index === 0 ? demoPeople.teacher : index === 1 ? demoPeople.teacher2 : undefined;
      teachers.push(
        createTeacher({
          id: FIRST_TEACHER_ID + index,
          uid: FIRST_TEACHER_UID + index,
          id_faculty: faculty.id_faculty,
          id_kafedra: facultyKafedras[i % facultyKafedras.length]?.id_kafedra ?? 0,
          ...demo,
          // the spec's two demo teachers: with and without the news permission
          ...(demo && { newsPerms: index === 0 }),
        }),
      );
    }
  }

  const students: Student[] = [];
  // The growth world sizes the demo group (the first) by its multiplier.
  const sizeOf = (groupIndex: number) =>
    growth && groupIndex === 0 ? GROWTH_STUDENTS * growth : STUDENTS_PER_GROUP;
  for (const [groupIndex, group] of groups.entries()) {
    for (let i = 0; i < sizeOf(groupIndex); i++) {
      const index = students.length;
      // the two demo students: first of the first and of the second group
      const demo =
        i > 0 ? undefined : ([demoPeople.student, demoPeople.student2][groupIndex] ?? undefined);
      students.push(
        createStudent({
          id: FIRST_STUDENT_ID + index,
          uid: FIRST_STUDENT_UID + index,
          id_faculty: group.id_faculty,
          id_group: group.id_group,
          ...demo,
        }),
      );
    }
  }

  const at = <T>(people: T[], index: number) => {
    const person = people[index];
    if (!person) throw new Error(`No person at ${index} for a demo account`);
    return person;
  };
  const studentsByGroup = groupBy(students, (s) => s.id_group);
  /** The first student of the first group matching. */
  const firstOf = (match: (group: Group) => boolean) => {
    const group = groups.find(match);
    return at(studentsByGroup.get(group?.id_group ?? 0) ?? [], 0);
  };
  return {
    faculties,
    kafedras,
    groups,
    streams,
    teachers,
    students,
    groupById: indexBy(groups, (g) => g.id_group),
    streamById: indexBy(streams, (s) => s.id_stream),
    teacherById: indexBy(teachers, (t) => t.id),
    studentById: indexBy(students, (s) => s.id),
    studentsByGroup,
    demo: {
      teacher: at(teachers, 0),
      teacher2: at(teachers, 1),
      student: at(students, 0),
      student2: firstOf((g) => g.id_group === groups[1]?.id_group),
      student3: firstOf((g) => g.intakeYear === THIRD_YEAR_INTAKE),
    },
  };
});

/** A student's group; undefined for a teacher. */
export const groupOf = (university: University, person: Teacher | Student) =>
  isStudent(person) ? university.groupById.get(person.id_group) : undefined;
