import { toHtmlLang } from '@lms/i18n';

const KB = 1024;
const MB = 1024 * 1024;

/** A file size in the interface language: '512 Б', '48 КБ', '2,4 МБ' (ru), '2.4 MB' (en). */
export function formatFileSize(bytes: number, language: string): string {
  const locale = toHtmlLang(language);
  const [value, unit] =
    bytes >= MB
      ? [bytes / MB, 'megabyte']
      : bytes >= KB
        ? [bytes / KB, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 && unit !== 'byte' ? 1 : 0,
  }).format(value);
}

export function formatPercent(fraction: number, language: string): string {
  return new Intl.NumberFormat(toHtmlLang(language), {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(fraction);
}
