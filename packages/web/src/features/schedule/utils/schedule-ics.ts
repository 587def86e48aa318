import { dayjs } from '@lms/i18n/dates';
import { BISHKEK_TIME_ZONE, buildCalendar, type IcsEvent, type LocalDateTime } from './ics';
import { compareLessons, dateOfDay, type ScheduleLesson } from './week';

export interface ScheduleCalendarOptions {
  lessons: readonly ScheduleLesson[];
  /** Monday of the week the export starts with (the current week). */
  weekStart: Date;
  /** Parity of that week: 1 odd, 2 even. */
  weekParity: 1 | 2;
  /** The academic year's label, e.g. '2026-2027' (its first year dates the semester's end). */
  yearName?: string;
  /** Semester half: 1 fall, 2 spring, 3 summer. */
  ws: number;
  /** Makes each lesson's UID stable across exports, so a re-import updates instead of doubling. */
  uidPrefix: string;
  uidDomain: string;
  calendarName: string;
  /** The event's title, place and note in the user's language. */
  describe: (lesson: ScheduleLesson) => { summary: string; description: string };
  now: Date;
}

/** Last day of each semester half as [month, day] and whether it falls in the year's second year. */
const HALF_ENDS: Record<number, { month: number; day: number; nextYear: boolean }> = {
  1: { month: 12, day: 31, nextYear: false },
  2: { month: 6, day: 30, nextYear: true },
  3: { month: 8, day: 31, nextYear: true },
};

const offsetMs = BISHKEK_TIME_ZONE.offsetMinutes * 60_000;

function instantOf(local: LocalDateTime, second = 0): number {
  return (
    Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, second) - offsetMs
  );
}

/**
 * The end of the semester half, from the academic year's label; the product specification
 * (docs/product/constants.md) gives no semester dates, so the fall half is assumed to end on
 * 31 December, spring on 30 June, summer on 31 August.
 */
export function semesterEnd(yearName: string | undefined, ws: number): Date | undefined {
  const firstYear = Number(/\d{4}/.exec(yearName ?? '')?.[0]);
  const end = HALF_ENDS[ws];
  if (!firstYear || !end) return undefined;
  const year = end.nextYear ? firstYear + 1 : firstYear;
  return new Date(instantOf({ year, month: end.month, day: end.day, hour: 23, minute: 59 }, 59));
}

function atTime(date: Date, time: string): LocalDateTime {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour,
    minute,
  };
}

/** The week's lessons as recurring events: weekly, or every other week for odd/even-week ones. */
export function scheduleToEvents(options: ScheduleCalendarOptions): IcsEvent[] {
  const until = semesterEnd(options.yearName, options.ws);
  const seen = new Map<string, number>();
  return [...options.lessons].sort(compareLessons).map((lesson) => {
    const biweekly = lesson.week_parity !== 0;
    // An odd-week lesson in an even week (or the reverse) first happens the week after.
    const shift = biweekly && lesson.week_parity !== options.weekParity ? 7 : 0;
    const date = dayjs(dateOfDay(options.weekStart, lesson.day_number)).add(shift, 'day').toDate();
    const start = atTime(date, lesson.time_start);
    const end = atTime(date, lesson.time_end);
    const base =
      `${options.uidPrefix}-${lesson.day_number}-${lesson.lesson_number}-${lesson.week_parity}` +
      `-${lesson.id_discipline}-${lesson.id_vid_zaniatiy}`;
    const repeat = seen.get(base) ?? 0;
    seen.set(base, repeat + 1);
    const { summary, description } = options.describe(lesson);
    return {
      uid: `${repeat ? `${base}-${repeat}` : base}@${options.uidDomain}`,
      start,
      end,
      summary,
      location: lesson.room,
      description,
      recurrence: {
        intervalWeeks: biweekly ? 2 : 1,
        // A stale year label could end the semester before the first lesson: then no end date.
        until: until && until.getTime() >= instantOf(start) ? until : undefined,
      },
    };
  });
}

/** The iCalendar file of the week's timetable. */
export function buildScheduleCalendar(options: ScheduleCalendarOptions): string {
  return buildCalendar({
    prodId: '-//LMS portal//Schedule//RU',
    name: options.calendarName,
    timeZone: BISHKEK_TIME_ZONE,
    events: scheduleToEvents(options),
    now: options.now,
  });
}
