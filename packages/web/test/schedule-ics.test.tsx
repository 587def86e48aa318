import { describe, expect, it } from 'vitest';
import {
  BISHKEK_TIME_ZONE,
  buildCalendar,
  escapeText,
  foldLine,
  formatLocalDateTime,
  formatUtcDateTime,
} from '../src/features/schedule/utils/ics';
import {
  buildScheduleCalendar,
  scheduleToEvents,
  semesterEnd,
} from '../src/features/schedule/utils/schedule-ics';
import type { ScheduleLesson } from '../src/features/schedule/utils/week';

const octets = (text: string) => new TextEncoder().encode(text).length;

function lesson(overrides: Partial<ScheduleLesson> = {}): ScheduleLesson {
  return {
    day_number: 1,
    lesson_number: 1,
    time_start: '08:00',
    time_end: '09:20',
    id_discipline: 301,
    discipline: 'Базы данных',
    id_vid_zaniatiy: 1,
    vid_zaniatiy: 'Лекция',
    room: '305 (корпус 2)',
    t_fio: 'Асанов Бакыт Эркинович',
    group: null,
    week_parity: 0,
    ...overrides,
  };
}

/** Unfolds an iCalendar text (RFC 5545, 3.1) into its logical lines. */
const unfold = (text: string) => text.replace(/\r\n /g, '').split('\r\n');

describe('iCalendar text values', () => {
  it('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
    expect(escapeText('Лекция: 305')).toBe('Лекция: 305');
  });

  it('leaves a line of at most 75 octets alone', () => {
    const line = `SUMMARY:${'x'.repeat(67)}`;
    expect(octets(line)).toBe(75);
    expect(foldLine(line)).toBe(line);
  });

  it('folds long lines at 75 octets with a leading space, never splitting a character', () => {
    const line = `DESCRIPTION:${'Преподаватель Асанов Бакыт Эркинович, '.repeat(4)}😀 end`;
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    expect(physical.length).toBeGreaterThan(2);
    for (const [index, part] of physical.entries()) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
      // A split multi-byte character would show up as a replacement character.
      expect(part).not.toContain('\uFFFD');
    }
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('formats local and UTC date-times', () => {
    expect(formatLocalDateTime({ year: 2026, month: 11, day: 16, hour: 8, minute: 0 })).toBe(
      '20261116T080000',
    );
    expect(formatUtcDateTime(new Date(Date.UTC(2026, 10, 20, 3, 4, 5)))).toBe('20261120T030405Z');
  });
});

describe('buildCalendar', () => {
  const text = buildCalendar({
    prodId: '-//LMS portal//Schedule//RU',
    name: 'Расписание, осень',
    timeZone: BISHKEK_TIME_ZONE,
    now: new Date(Date.UTC(2026, 10, 20, 3, 0, 0)),
    events: [
      {
        uid: 'lesson-1@lms.test',
        start: { year: 2026, month: 11, day: 16, hour: 8, minute: 0 },
        end: { year: 2026, month: 11, day: 16, hour: 9, minute: 20 },
        summary: 'Базы данных (Лекция)',
        location: '305 (корпус 2)',
        description: 'Преподаватель: Асанов Б.Э.\nПо нечётным неделям',
        recurrence: { intervalWeeks: 2, until: new Date(Date.UTC(2026, 11, 31, 17, 59, 59)) },
      },
    ],
  });
  const lines = unfold(text);

  it('is a VCALENDAR of CRLF lines ending in CRLF', () => {
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('declares the Bishkek time zone it uses', () => {
    expect(lines).toEqual(
      expect.arrayContaining([
        'BEGIN:VTIMEZONE',
        'TZID:Asia/Bishkek',
        'TZOFFSETFROM:+0600',
        'TZOFFSETTO:+0600',
        'END:VTIMEZONE',
      ]),
    );
  });

  it('writes each event with UID, DTSTAMP, zoned start and end, escaped text and an RRULE', () => {
    const start = lines.indexOf('BEGIN:VEVENT');
    const end = lines.indexOf('END:VEVENT');
    expect(lines.slice(start, end + 1)).toEqual([
      'BEGIN:VEVENT',
      'UID:lesson-1@lms.test',
      'DTSTAMP:20261120T030000Z',
      'DTSTART;TZID=Asia/Bishkek:20261116T080000',
      'DTEND;TZID=Asia/Bishkek:20261116T092000',
      'RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=20261231T175959Z',
      'SUMMARY:Базы данных (Лекция)',
      'LOCATION:305 (корпус 2)',
      'DESCRIPTION:Преподаватель: Асанов Б.Э.\\nПо нечётным неделям',
      'END:VEVENT',
    ]);
    expect(lines).toContain('X-WR-CALNAME:Расписание\\, осень');
  });
});

describe('the schedule as events', () => {
  // Monday 16 November 2026; with 1 September 2026 a Tuesday, this is week 12, an even week.
  const weekStart = new Date(2026, 10, 16);
  const base = {
    weekStart,
    weekParity: 2 as const,
    yearName: '2026-2027',
    ws: 1,
    uidPrefix: 'lms-schedule-2026-2027-1-2-7001',
    uidDomain: 'lms.test',
    calendarName: 'Расписание',
    describe: (l: ScheduleLesson) => ({ summary: l.discipline, description: l.room ?? '' }),
    now: new Date(Date.UTC(2026, 10, 20, 3, 0, 0)),
  };

  it('puts each lesson on its day of the current week, weekly until the end of the fall half', () => {
    const [event] = scheduleToEvents({
      ...base,
      lessons: [lesson({ day_number: 3, time_start: '11:10', time_end: '12:30' })],
    });
    expect(event?.start).toEqual({ year: 2026, month: 11, day: 18, hour: 11, minute: 10 });
    expect(event?.end).toEqual({ year: 2026, month: 11, day: 18, hour: 12, minute: 30 });
    expect(event?.recurrence).toEqual({
      intervalWeeks: 1,
      until: new Date(Date.UTC(2026, 11, 31, 17, 59, 59)),
    });
    expect(event?.location).toBe('305 (корпус 2)');
  });

  it('starts an odd-week lesson next week in an even week, and repeats it every other week', () => {
    const [odd, even] = scheduleToEvents({
      ...base,
      lessons: [lesson({ week_parity: 1 }), lesson({ week_parity: 2, lesson_number: 2 })],
    });
    expect(odd?.start.day).toBe(23);
    expect(odd?.recurrence?.intervalWeeks).toBe(2);
    expect(even?.start.day).toBe(16);
    expect(even?.recurrence?.intervalWeeks).toBe(2);
  });

  it('gives every lesson its own stable UID', () => {
    const lessons = [lesson(), lesson(), lesson({ day_number: 2 })];
    const uids = scheduleToEvents({ ...base, lessons }).map((event) => event.uid);
    expect(new Set(uids).size).toBe(3);
    expect(scheduleToEvents({ ...base, lessons }).map((event) => event.uid)).toEqual(uids);
    expect(uids[0]).toBe('lms-schedule-2026-2027-1-2-7001-1-1-0-301-1@lms.test');
  });

  it('ends the halves on 31 December, 30 June and 31 August (Bishkek), or not at all', () => {
    expect(semesterEnd('2026-2027', 1)?.toISOString()).toBe('2026-12-31T17:59:59.000Z');
    expect(semesterEnd('2026-2027', 2)?.toISOString()).toBe('2027-06-30T17:59:59.000Z');
    expect(semesterEnd('2026-2027', 3)?.toISOString()).toBe('2027-08-31T17:59:59.000Z');
    expect(semesterEnd(undefined, 1)).toBeUndefined();
    // A year that ended before this week: the lessons repeat without an end date.
    const [event] = scheduleToEvents({ ...base, yearName: '2024-2025', lessons: [lesson()] });
    expect(event?.recurrence).toEqual({ intervalWeeks: 1, until: undefined });
  });

  it('builds a file with one VEVENT per lesson', () => {
    const text = buildScheduleCalendar({
      ...base,
      lessons: [lesson(), lesson({ day_number: 2 }), lesson({ day_number: 5, room: null })],
    });
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(unfold(text).filter((line) => line.startsWith('LOCATION:'))).toHaveLength(2);
  });
});
