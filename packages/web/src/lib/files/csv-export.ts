/**
 * The portal's one CSV writer: files a spreadsheet opens in the person's own language.
 *
 * - Numbers are written as that language writes them (Intl with its BCP 47 tag: a decimal comma
 *   in Russian and Kyrgyz, a point in English), without grouping, so a spreadsheet reads them as
 *   numbers and they match the figures on the screen.
 * - The separator follows the decimal mark: ';' where the decimal mark is a comma (what a
 *   spreadsheet expects in such a locale), ',' elsewhere.
 * - A text cell that starts with '=', '+', '-', '@', a tab or a carriage return is neutralised
 *   (papaparse's `escapeFormulae`: a leading apostrophe, the cell quoted), so text that came from
 *   people cannot run as a spreadsheet formula. Numbers the writer formats itself are not text and
 *   stay numbers, negative ones included.
 * - A BOM so UTF-8 (Cyrillic) reads as such, CRLF line ends.
 *
 * Papaparse is loaded when a file is written, not with the screen that offers it.
 */

import { csvDelimiter, numberFormat } from '@lms/i18n';

/** A cell: text as it is shown, a number (written in the language's format), or nothing. */
export type CsvCell = string | number | null | undefined;

export interface CsvOptions {
  /** The interface language: 'ru', 'kg' or 'en'. */
  language: string;
  /**
   * How numbers are rounded, as the screen rounds them (by default up to two decimals). Grouping
   * is always off: a thousands separator would make a spreadsheet read text.
   */
  numbers?: Pick<Intl.NumberFormatOptions, 'minimumFractionDigits' | 'maximumFractionDigits'>;
}

export const CSV_TYPE = 'text/csv;charset=utf-8';

/**
 * Text a spreadsheet would take for a formula: starting with '=', '+', '-', '@', a tab or a
 * carriage return. A negative number as this writer writes it ('-2,5', '-3') is a number and
 * left as it is.
 */
export const FORMULA_START = /^(?!-\d+(?:[.,]\d+)?$)[=+\-@\t\r]/;

/** Writes the rows as CSV text in the language's dialect (BOM, CRLF). */
export async function writeCsv(
  rows: readonly (readonly CsvCell[])[],
  { language, numbers }: CsvOptions,
): Promise<string> {
  const { unparse } = await import('papaparse');
  const format = numberFormat(language, {
    maximumFractionDigits: 2,
    ...numbers,
    useGrouping: false,
  });
  const cells = rows.map((row) =>
    row.map((cell) =>
      typeof cell === 'number' ? (Number.isFinite(cell) ? format.format(cell) : '') : (cell ?? ''),
    ),
  );
  return `\uFEFF${unparse(cells, {
    delimiter: csvDelimiter(language),
    newline: '\r\n',
    escapeFormulae: FORMULA_START,
  })}`;
}
