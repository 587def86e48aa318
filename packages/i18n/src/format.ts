import { toLocaleTag } from './languages';

// Numbers read as the interface language writes them, through `Intl` with the language's BCP 47
// tag (ru, ky, en): a decimal comma and a space between thousands in Russian and Kyrgyz, a point
// and a comma in English. Every figure the portal shows or exports goes through these, so the
// screen and a file say the same. (Dates keep the portal's DD.MM.YYYY and H:mm: '@lms/i18n/dates'.)

const formats = new Map<string, Intl.NumberFormat>();

/**
 * Where a browser has no number data for the language, the language whose numbers read the same:
 * Kyrgyz writes them as Russian does (a space between thousands, a decimal comma). Chromium's
 * builds carry Kyrgyz plural rules but no Kyrgyz number formats, and without the fallback `Intl`
 * takes the browser's own language instead: '12,000' for a Kyrgyz reader of an English browser.
 */
const NUMBERS_READ_AS: Readonly<Record<string, string>> = { ky: 'ru' };

/** The locales to ask `Intl` for: the language's tag, then the language its numbers read as. */
function numberLocales(language: string): string[] {
  const tag = toLocaleTag(language);
  const fallback = NUMBERS_READ_AS[tag];
  return fallback ? [tag, fallback] : [tag];
}

/** The language's `Intl.NumberFormat` for these options, made once and kept. */
export function numberFormat(
  language: string,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const locales = numberLocales(language);
  const key = `${locales.join()} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locales, options);
    formats.set(key, format);
  }
  return format;
}

/** A number in the language: '48 000', '2,31' (ru, kg); '48,000', '2.31' (en). */
export function formatNumber(
  value: number,
  language: string,
  options?: Intl.NumberFormatOptions,
): string {
  return numberFormat(language, options).format(value);
}

/**
 * A figure with at most `fractionDigits` decimals (two by default: an average mark, an amount),
 * rounded half away from zero as `Intl` does: 2.345 → '2,35' (ru, kg), '2.35' (en).
 */
export function formatDecimal(value: number, language: string, fractionDigits = 2): string {
  return formatNumber(value, language, { maximumFractionDigits: fractionDigits });
}

/**
 * A size or a limit, rounded as the portal rounds them all: one decimal under 10, whole from 10 up
 * ('2,4 МБ', '48 КБ', '99 620 857 МБ'), a count of bytes whole. /config.json may send a limit
 * such as 99620856.82784206 megabytes (bytes divided by 1024²): nobody reads eight decimals of one.
 * With `style: 'unit'` options it says its unit too.
 */
export function formatSize(
  value: number,
  language: string,
  options: Intl.NumberFormatOptions = {},
): string {
  const fractionDigits = value < 10 && options.unit !== 'byte' ? 1 : 0;
  return formatNumber(value, language, { ...options, maximumFractionDigits: fractionDigits });
}

/** A share as a whole percent: 0.25 → '25 %' (ru), '25%' (en; kg where the browser knows it). */
export function formatPercent(fraction: number, language: string): string {
  return formatNumber(fraction, language, { style: 'percent', maximumFractionDigits: 0 });
}

/** The language's decimal separator: ',' in Russian and Kyrgyz, '.' in English. */
export function decimalSeparator(language: string): string {
  return (
    numberFormat(language)
      .formatToParts(1.5)
      .find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

/**
 * The field separator of a CSV file in the language: ';' where the decimal separator is a comma
 * (so '2,31' stays one field, as spreadsheets in Russian and Kyrgyz expect), ',' otherwise.
 */
export function csvDelimiter(language: string): ';' | ',' {
  return decimalSeparator(language) === ',' ? ';' : ',';
}
