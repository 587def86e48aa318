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
