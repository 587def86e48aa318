import { describe, expect, it } from 'vitest';
import { dayjs, formatDate, formatNewsDate, formatNewsTime, formatTime } from '../src/dates';

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

  it('uses the Russian locale, whose week starts on Monday', () => {
    expect(dayjs.locale()).toBe('ru');
    // Thursday 7 March 2024: the week began on Monday 4 March.
    expect(dayjs('2024-03-07').startOf('week').format('DD.MM.YYYY')).toBe('04.03.2024');
    expect(dayjs('2024-03-04').format('dddd')).toBe('понедельник');
  });
});
