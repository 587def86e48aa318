import type { components } from '@lms/client';
import { dayjs } from '@lms/i18n/dates';

export type ScheduleLesson = components['schemas']['ScheduleLesson'];
/** 0 every week, 1 odd weeks only, 2 even weeks only (the contract's `week_parity`). */
export type WeekParity = ScheduleLesson['week_parity'];
export type DayNumber = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** The contract counts days from Monday: day_number 1 is Monday, 7 is Sunday. */
export const STUDY_DAYS: readonly DayNumber[] = [1, 2, 3, 4, 5, 6];
export const SUNDAY: DayNumber = 7;

/** The Monday-based day number (1 Monday … 7 Sunday) of a date. */
export function dayNumberOf(date: Date): DayNumber {
  // dayjs counts from Sunday (0); the schedule from Monday (1).
  return (((dayjs(date).day() + 6) % 7) + 1) as DayNumber;
}

/** Midnight of the Monday that starts the week of `date`. */
export function weekStartOf(date: Date): Date {
  return dayjs(date)
    .startOf('day')
    .subtract(dayNumberOf(date) - 1, 'day')
    .toDate();
}

/** The date of a day of the week that starts on `weekStart`. */
export function dateOfDay(weekStart: Date, day: number): Date {
  return dayjs(weekStart)
    .add(day - 1, 'day')
    .toDate();
}

/**
 * Which week of the academic year `date` falls in, counted from the week (Monday-based) that holds
 * 1 September; the product specification (docs/product/states.md#schedule) does not say how
 * parity is counted, so the common Russian and Kyrgyz university rule is assumed: the week of
 * 1 September is week 1, an odd week.
 */
export function academicWeekOf(date: Date): number {
  const weekStart = dayjs(weekStartOf(date));
  const firstMondayOf = (year: number) => dayjs(weekStartOf(new Date(year, 8, 1)));
  // Before its year's first academic week, a date belongs to the year that began the previous
  // September (the week of 1 September may start in August).
  const thisYear = firstMondayOf(weekStart.year());
  const firstMonday = weekStart.isBefore(thisYear) ? firstMondayOf(weekStart.year() - 1) : thisYear;
  return Math.round(weekStart.diff(firstMonday, 'day') / 7) + 1;
}

/** 1 for an odd week, 2 for an even one, as in `week_parity`. */
export function weekParityOf(date: Date): 1 | 2 {
  return academicWeekOf(date) % 2 === 1 ? 1 : 2;
}

/** True when a lesson of this parity is held in a week of `thisWeek` parity. */
export function isHeldInWeek(parity: WeekParity, thisWeek: 1 | 2): boolean {
  return parity === 0 || parity === thisWeek;
}

export function compareLessons(a: ScheduleLesson, b: ScheduleLesson): number {
  return (
    a.day_number - b.day_number ||
    a.lesson_number - b.lesson_number ||
    a.week_parity - b.week_parity ||
    a.discipline.localeCompare(b.discipline)
  );
}

export interface PairRow {
  lesson_number: number;
  /** HH:mm, from the lessons of that pair (empty when no lesson of the week uses it). */
  time_start: string;
  time_end: string;
  /** Lessons of this pair by day_number. */
  days: Map<number, ScheduleLesson[]>;
}

export interface WeekGrid {
  /** Mon–Sat, and Sunday only when a lesson falls on it. */
  days: DayNumber[];
  /** Every pair from the first to the last one used, so gaps in the day stay visible. */
  rows: PairRow[];
}

/** Lays the lessons out as a week: days as columns, pairs (lesson_number) as rows. */
export function buildWeekGrid(lessons: readonly ScheduleLesson[]): WeekGrid {
  const sorted = [...lessons].sort(compareLessons);
  const days = sorted.some((lesson) => lesson.day_number === SUNDAY)
    ? [...STUDY_DAYS, SUNDAY]
    : [...STUDY_DAYS];
  if (sorted.length === 0) return { days, rows: [] };
  const numbers = sorted.map((lesson) => lesson.lesson_number);
  const first = Math.min(...numbers);
  const last = Math.max(...numbers);
  const rows: PairRow[] = [];
  for (let number = first; number <= last; number++) {
    const ofPair = sorted.filter((lesson) => lesson.lesson_number === number);
    const days = new Map<number, ScheduleLesson[]>();
    for (const lesson of ofPair) {
      const list = days.get(lesson.day_number);
      if (list) list.push(lesson);
      else days.set(lesson.day_number, [lesson]);
    }
    rows.push({
      lesson_number: number,
      time_start: ofPair[0]?.time_start ?? '',
      time_end: ofPair[0]?.time_end ?? '',
      days,
    });
  }
  return { days, rows };
}

export interface ScheduleDay {
  day: DayNumber;
  lessons: ScheduleLesson[];
}

/** The lessons day by day (Mon–Sat, and Sunday only when a lesson falls on it), for the phone. */
export function groupByDay(lessons: readonly ScheduleLesson[]): ScheduleDay[] {
  const { days } = buildWeekGrid(lessons);
  const sorted = [...lessons].sort(compareLessons);
  return days.map((day) => ({
    day,
    lessons: sorted.filter((lesson) => lesson.day_number === day),
  }));
}

/** The pair column of the timetable. */
export const PAIR_COLUMN_PX = 64;
/**
 * A long word of a lesson name in the timetable's compact type (bold 12 px): 'Программирование'
 * takes about 127 px, and a cell adds its own and its lesson card's padding and borders around it.
 */
const LONG_WORD_PX = 128;
const DAY_CELL_CHROME_PX = 26;
/** The narrowest a day column may get in the timetable: a long word of a name still fits whole. */
export const MIN_DAY_PX = LONG_WORD_PX + DAY_CELL_CHROME_PX;
/** The narrowest a day may get where the week is laid out as day cards. */
export const MIN_BOARD_DAY_PX = 160;

/**
 * How the whole week fits a box `width` px wide, never scrolling sideways: as a timetable (days as
 * columns, pairs as rows) while every day gets at least MIN_DAY_PX beside the pair column, else as
 * day cards in the fewest rows whose columns are at least MIN_BOARD_DAY_PX wide (`gap` between
 * them), the days shared evenly between the rows. A box not measured yet (0) takes the timetable.
 */
export function weekLayout(
  width: number,
  days: number,
  gap: number,
): { kind: 'table' } | { kind: 'cards'; columns: number } {
  if (width <= 0 || width - PAIR_COLUMN_PX >= days * MIN_DAY_PX) return { kind: 'table' };
  for (let rows = 2; rows < days; rows++) {
    const columns = Math.ceil(days / rows);
    if (columns * MIN_BOARD_DAY_PX + (columns - 1) * gap <= width) {
      return { kind: 'cards', columns };
    }
  }
  return { kind: 'cards', columns: 1 };
}
