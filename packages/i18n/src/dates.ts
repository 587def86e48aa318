import dayjs from 'dayjs';
import 'dayjs/locale/ru';

// Dates use the Russian locale (its week starts on Monday).
dayjs.locale('ru');

export type DateInput = string | number | Date | null | undefined;

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(pattern) : '';
}

/** DD.MM.YYYY */
export function formatDate(value: DateInput): string {
  return format(value, 'DD.MM.YYYY');
}

/**
 * A date as a person types it, in the portal's order (day, month, year: '29.11.2026', '1.2.2026',
 * with '.', '/', '-' or spaces between) or as YYYY-MM-DD, as YYYY-MM-DD; null unless it is a whole
 * date of the calendar (no 31.02) with a four-digit year.
 */
export function parseDate(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const typed = /^(\d{1,2})[./\-\s]+(\d{1,2})[./\-\s]+(\d{4})$/.exec(trimmed);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : typed
      ? [typed[3], typed[2], typed[1]]
      : [];
  if (!year || !month || !day) return null;
  const value = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : null;
}

/** H:mm */
export function formatTime(value: DateInput): string {
  return format(value, 'H:mm');
}

/** News items show their date as DD/MM/YY. */
export function formatNewsDate(value: DateInput): string {
  return format(value, 'DD/MM/YY');
}

/** News items show their time as HH:mm. */
export function formatNewsTime(value: DateInput): string {
  return format(value, 'HH:mm');
}

export { dayjs };
