// Academic years, semester halves (ws), semesters, forms of control, and the disciplines each group
// studies in each year and ws (an "offering": discipline + group + teacher + year + ws).
import { groupBy, indexBy } from './collections.js';
import { faker } from './faker.js';
import { defineSlice } from './store.js';
import { specialties, universitySlice } from './university.js';

export interface AcademicYear {
  id_a_year: number;
  /** «2026-2027». */
  name: string;
  startYear: number;
}

export interface SemesterHalf {
  ws: 1 | 2 | 3;
  name: string;
}

interface Semester {
  id_semester: number;
  name: string;
}

interface Examination {
  id_examination: number;
  name: string;
}

export interface Discipline {
  id_discipline: number;
  name: string;
  kredits: number;
  id_examination: number;
  specialty: string;
  id_semester: number;
}

export interface Offering {
  id_offering: number;
  id_discipline: number;
  id_a_year: number;
  ws: 1 | 2;
  id_semester: number;
  id_group: number;
  id_stream: number;
  id_teacher: number;
}

export const academicYears: readonly AcademicYear[] = [2023, 2024, 2025, 2026].map(
  (startYear, i) => ({ id_a_year: i + 1, name: `${startYear}-${startYear + 1}`, startYear }),
);
/** 2026-2027. */
export const CURRENT_YEAR_ID = 4;

/** A year as the contract's AcademicYear shows it: its id and name. */
export const toAcademicYear = ({ id_a_year, name }: AcademicYear) => ({ id_a_year, name });

/** The year of an id, if the calendar has it. */
export const findYear = (id_a_year: number) => academicYears.find((y) => y.id_a_year === id_a_year);

/** The current academic year (the calendar must have one). */
export function currentYear() {
  const year = findYear(CURRENT_YEAR_ID);
  if (!year) throw new Error('The calendar has no current academic year');
  return year;
}

// ws numbering as in the contract's SemesterHalf: 1 fall, 2 spring, 3 summer.
export const semesterHalves: readonly SemesterHalf[] = [
  { ws: 1, name: 'Осенний' },
  { ws: 2, name: 'Весенний' },
  { ws: 3, name: 'Летний' },
];
/** November: the fall half. */
export const CURRENT_WS = 1;

/** A bachelor studies 8 semesters; semester = (course − 1) × 2 + ws. */
export const semesters: readonly Semester[] = Array.from({ length: 8 }, (_, i) => ({
  id_semester: i + 1,
  name: `${i + 1} семестр`,
}));

export const examinations: readonly Examination[] = [
  { id_examination: 1, name: 'Экзамен' },
  { id_examination: 2, name: 'Зачёт' },
  { id_examination: 3, name: 'Дифференцированный зачёт' },
  { id_examination: 4, name: 'Курсовая работа' },
];

const common =
  'История Кыргызстана|Кыргызский язык|Русский язык|Английский язык|Философия|Манасоведение|Физическая культура|Экология|Основы права';
const byFaculty: Record<number, string> = {
  1: 'Программирование на Python|Алгоритмы и структуры данных|Базы данных|Компьютерные сети|Операционные системы|Веб-разработка|Математический анализ|Дискретная математика|Теория вероятностей|Объектно-ориентированное программирование|Архитектура ЭВМ|Информационная безопасность|Проектирование информационных систем|Машинное обучение|Тестирование программного обеспечения|Мобильная разработка',
  2: 'Микроэкономика|Макроэкономика|Бухгалтерский учёт|Финансы и кредит|Маркетинг|Эконометрика|Статистика|Менеджмент организации|Экономика предприятия|Налоги и налогообложение|Международная экономика|Управление проектами|Деловые коммуникации|Инвестиционный анализ|Логистика|Банковское дело',
  3: 'Теория государства и права|Конституционное право|Гражданское право|Уголовное право|Административное право|Трудовое право|Гражданский процесс|Уголовный процесс|Международное право|Семейное право|Земельное право|Криминалистика|Налоговое право|Римское право|Финансовое право|Юридическая психология',
  4: 'Введение в языкознание|Современный русский язык|Современный кыргызский язык|Теория литературы|История русской литературы|Кыргызская литература|Стилистика|Практическая грамматика|Фонетика|Лексикология|Теория перевода|Риторика|Фольклор|Диалектология|Методика преподавания языка|Культура речи',
};

const DISCIPLINES_PER_SEMESTER = 5;

export interface Calendar {
  disciplines: Discipline[];
  disciplineById: Map<number, Discipline>;
  offerings: Offering[];
}

export const calendarSlice = defineSlice('calendar', ({ get }): Calendar => {
  const university = get(universitySlice);

  // One curriculum per specialty: 5 disciplines in each of the 8 semesters.
  const disciplines: Discipline[] = [];
  for (const specialty of specialties) {
    const pool = [...common.split('|'), ...(byFaculty[specialty.id_faculty] ?? '').split('|')];
    const names = faker.helpers.shuffle(pool);
    for (const semester of semesters) {
      for (let k = 0; k < DISCIPLINES_PER_SEMESTER; k++) {
        const name =
          names[((semester.id_semester - 1) * DISCIPLINES_PER_SEMESTER + k) % names.length];
        disciplines.push({
          id_discipline: 3001 + disciplines.length,
          name: name ?? 'Дисциплина',
          kredits: faker.number.int({ min: 2, max: 6 }),
          id_examination: faker.helpers.weightedArrayElement([
            { weight: 6, value: 1 },
            { weight: 3, value: 2 },
            { weight: 1, value: 3 },
          ]),
          specialty: specialty.code,
          id_semester: semester.id_semester,
        });
      }
    }
  }

  const curriculum = groupBy(disciplines, (d) => `${d.specialty} ${d.id_semester}`);
  const teachersByFaculty = groupBy(university.teachers, (t) => t.id_faculty);

  // Each group studies its curriculum semester in every year and ws since its intake. The groups of
  // a stream share their teachers, taken in turn from the faculty's (so the first stream, that of
  // both demo students, is taught by both demo teachers).
  const offerings: Offering[] = [];
  for (const group of university.groups) {
    const teachers = teachersByFaculty.get(group.id_faculty) ?? [];
    const streamIndex = group.id_stream - (university.streams[0]?.id_stream ?? 0);
    for (const year of academicYears) {
      for (const ws of [1, 2] as const) {
        const id_semester = (year.startYear - group.intakeYear) * 2 + ws;
        const planned = curriculum.get(`${group.specialty} ${id_semester}`) ?? [];
        for (const [k, discipline] of planned.entries()) {
          const teacher = teachers[(streamIndex * DISCIPLINES_PER_SEMESTER + k) % teachers.length];
          offerings.push({
            id_offering: offerings.length + 1,
            id_discipline: discipline.id_discipline,
            id_a_year: year.id_a_year,
            ws,
            id_semester,
            id_group: group.id_group,
            id_stream: group.id_stream,
            id_teacher: teacher?.id ?? 0,
          });
        }
      }
    }
  }

  return {
    disciplines,
    disciplineById: indexBy(disciplines, (d) => d.id_discipline),
    offerings,
  };
});
