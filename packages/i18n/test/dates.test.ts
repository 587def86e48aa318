import { describe, expect, it } from 'vitest';
import {
  dayjs,
  formatDate,
  formatNewsDate,
  formatNewsTime,
  formatTime,
  parseDate,
} from '../src/dates';

describe('date helpers', () => {
  const value = '2024-03-05T09:07:00';

  it('formats dates and times as the spec says', () => {
    expect(formatDate(value)).toBe('05.03.2024');
    expect(formatTime(value)).toBe('9:07');
    expect(formatNewsDate(value)).toBe('05/03/24');
    expect(formatNewsTime(value)).toBe('09:07');
  });

  it('returns an empty string for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatTime(undefined)).toBe('');
    expect(formatNewsDate('not a date')).toBe('');
  });

  it('reads a date typed day first, as the portal writes it, or as YYYY-MM-DD', () => {
    expect(parseDate('29.11.2026')).toBe('2026-11-29');
    expect(parseDate(' 1.2.2026 ')).toBe('2026-02-01');
    expect(parseDate('01/02/2026')).toBe('2026-02-01');
    expect(parseDate('1-2-2026')).toBe('2026-02-01');
    expect(parseDate('2026-11-29')).toBe('2026-11-29');
    expect(parseDate(formatDate('2024-02-29'))).toBe('2024-02-29');
  });

  it('reads nothing but a whole date of the calendar', () => {
    for (const text of [
      '',
      '29.11',
      '29.11.26',
      '31.02.2026',
      '29.02.2026',
      '00.01.2026',
      '1.13.2026',
    ]) {
      expect(parseDate(text), text).toBeNull();
    }
    expect(parseDate('2026-13-01')).toBeNull();
    expect(parseDate('завтра')).toBeNull();
  });

  it('uses the Russian locale, whose week starts on Monday', () => {
    expect(dayjs.locale()).toBe('ru');
    // Thursday 7 March 2024: the week began on Monday 4 March.
    expect(dayjs('2024-03-07').startOf('week').format('DD.MM.YYYY')).toBe('04.03.2024');
    expect(dayjs('2024-03-04').format('dddd')).toBe('понедельник');
  });
});
