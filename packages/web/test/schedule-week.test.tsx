import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { latestKeptSchedule } from '../src/features/schedule/api/get-schedule';
import { scheduleKeys, type ScheduleParams } from '../src/features/schedule/api/schedule-keys';
import { forgetLegacyScheduleCopies } from '../src/features/schedule/utils/legacy-copies';
import {
  academicWeekOf,
  buildWeekGrid,
  dayNumberOf,
  groupByDay,
  isHeldInWeek,
  MIN_DAY_PX,
  PAIR_COLUMN_PX,
  weekParityOf,
  weekLayout,
  weekStartOf,
  type ScheduleLesson,
} from '../src/features/schedule/utils/week';

function lesson(overrides: Partial<ScheduleLesson>): ScheduleLesson {
  return {
    day_number: 1,
    lesson_number: 1,
    time_start: '08:00',
    time_end: '09:20',
    id_discipline: 1,
    discipline: 'Математика',
    id_vid_zaniatiy: 1,
    vid_zaniatiy: 'Лекция',
    room: null,
    t_fio: null,
    group: 'ПИ-1-26',
    week_parity: 0,
    ...overrides,
  };
}

describe('the Monday-based week', () => {
  it('numbers days from Monday (1) to Sunday (7)', () => {
    expect(dayNumberOf(new Date(2026, 10, 16))).toBe(1);
    expect(dayNumberOf(new Date(2026, 10, 20, 23, 59))).toBe(5);
    expect(dayNumberOf(new Date(2026, 10, 22))).toBe(7);
  });

  it('starts the week on Monday, also seen from a Sunday', () => {
    expect(weekStartOf(new Date(2026, 10, 20, 15, 30))).toEqual(new Date(2026, 10, 16));
    expect(weekStartOf(new Date(2026, 10, 22, 10))).toEqual(new Date(2026, 10, 16));
  });

  it('counts academic weeks from the week of 1 September: odd, then even', () => {
    // 1 September 2026 is a Tuesday: its week (from Monday 31 August) is week 1.
    expect(academicWeekOf(new Date(2026, 7, 31))).toBe(1);
    expect(academicWeekOf(new Date(2026, 8, 6))).toBe(1);
    expect(academicWeekOf(new Date(2026, 8, 7))).toBe(2);
    expect(academicWeekOf(new Date(2026, 10, 20))).toBe(12);
    expect(weekParityOf(new Date(2026, 10, 20))).toBe(2);
    expect(weekParityOf(new Date(2026, 10, 23))).toBe(1);
    // Spring still counts from the September before.
    expect(academicWeekOf(new Date(2027, 1, 1))).toBe(23);
  });

  it('holds weekly lessons every week and odd/even ones in their weeks', () => {
    expect(isHeldInWeek(0, 1)).toBe(true);
    expect(isHeldInWeek(1, 1)).toBe(true);
    expect(isHeldInWeek(1, 2)).toBe(false);
    expect(isHeldInWeek(2, 2)).toBe(true);
  });
});

describe('the week grid', () => {
  const lessons = [
    lesson({ day_number: 3, lesson_number: 4, time_start: '13:00', time_end: '14:20' }),
    lesson({ day_number: 1, lesson_number: 2, time_start: '09:30', time_end: '10:50' }),
    lesson({ day_number: 1, lesson_number: 2, week_parity: 2, discipline: 'Физика' }),
    lesson({ day_number: 1, lesson_number: 2, week_parity: 1, discipline: 'Химия' }),
  ];

  it('has Mon–Sat columns and a row for every pair from the first to the last', () => {
    const grid = buildWeekGrid(lessons);
    expect(grid.days).toEqual([1, 2, 3, 4, 5, 6]);
    expect(grid.rows.map((row) => row.lesson_number)).toEqual([2, 3, 4]);
    expect(grid.rows[0]).toMatchObject({ time_start: '09:30', time_end: '10:50' });
    expect(grid.rows[1]?.days.size).toBe(0);
    expect(grid.rows[0]?.days.get(1)?.map((l) => l.discipline)).toEqual([
      'Математика',
      'Химия',
      'Физика',
    ]);
  });

  it('adds Sunday only when a lesson falls on it', () => {
    expect(buildWeekGrid([lesson({ day_number: 7 })]).days).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(buildWeekGrid([]).rows).toEqual([]);
  });

  it('lists the days in order for the phone, free days included', () => {
    const days = groupByDay(lessons);
    expect(days.map((day) => day.day)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(days[0]?.lessons).toHaveLength(3);
    expect(days[1]?.lessons).toEqual([]);
  });
});

describe('the desktop week’s layout', () => {
  it('is a timetable where every day gets room for a long word beside the pair column', () => {
    expect(weekLayout(PAIR_COLUMN_PX + 6 * MIN_DAY_PX, 6, 12)).toEqual({ kind: 'table' });
    expect(weekLayout(PAIR_COLUMN_PX + 7 * MIN_DAY_PX, 7, 12)).toEqual({ kind: 'table' });
    // 1440 px with the side columns folded: about 1000 px, six days of about 157 px.
    expect(weekLayout(1000, 6, 12)).toEqual({ kind: 'table' });
    // Not measured yet (jsdom, the first render): the timetable.
    expect(weekLayout(0, 6, 12)).toEqual({ kind: 'table' });
  });

  it('else lays the days out as cards in the fewest even rows, never scrolling sideways', () => {
    // 1440 px with the side columns open: about 550 px, Mon–Wed above Thu–Sat.
    expect(weekLayout(550, 6, 12)).toEqual({ kind: 'cards', columns: 3 });
    expect(weekLayout(PAIR_COLUMN_PX + 6 * MIN_DAY_PX - 1, 6, 12)).toEqual({
      kind: 'cards',
      columns: 3,
    });
    // 1280 px: about 900 px, too narrow for 'Программирование' in six columns.
    expect(weekLayout(900, 6, 12)).toEqual({ kind: 'cards', columns: 3 });
    expect(weekLayout(800, 7, 12)).toEqual({ kind: 'cards', columns: 4 });
    expect(weekLayout(400, 6, 12)).toEqual({ kind: 'cards', columns: 2 });
    expect(weekLayout(300, 6, 12)).toEqual({ kind: 'cards', columns: 1 });
  });
});

describe('the schedule last received', () => {
  const week = (params: Partial<ScheduleParams>) =>
    scheduleKeys.week({ uid: 7, role: 2, id: 70, year: 4, ws: 1, ...params });

  it("is a user's most recent answer in a role, whatever its year and ws", () => {
    const cache = new QueryClient();
    cache.setQueryData(week({ year: 3, ws: 2 }), [lesson({ discipline: 'Старая' })], {
      updatedAt: Date.parse('2026-05-01T00:00:00Z'),
    });
    cache.setQueryData(week({}), [lesson({})], { updatedAt: Date.parse('2026-11-19T00:00:00Z') });
    cache.setQueryData(week({ uid: 9 }), [], { updatedAt: Date.parse('2026-11-20T00:00:00Z') });
    cache.setQueryData(week({ role: 1 }), [], { updatedAt: Date.parse('2026-11-21T00:00:00Z') });
    expect(latestKeptSchedule(cache, 7, 2)).toEqual({
      lessons: [lesson({})],
      ws: 1,
      updatedAt: Date.parse('2026-11-19T00:00:00Z'),
    });
    expect(latestKeptSchedule(cache, 7, 1)?.lessons).toEqual([]);
    expect(latestKeptSchedule(cache, 8, 2)).toBeNull();
  });
});

describe('the copies older versions kept', () => {
  it('are removed from local storage, and nothing else is', () => {
    localStorage.setItem('schedule:7:2:4:1', '{}');
    localStorage.setItem('schedule:7:2:3:2', '{}');
    localStorage.setItem('theme', 'dark');
    forgetLegacyScheduleCopies();
    expect(Object.keys(localStorage)).toEqual(['theme']);
  });
});
