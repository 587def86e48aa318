import { writeCsv } from '../../../lib/files/csv-export';
import type { JournalTable } from './journal-calc';

/** The column titles of the export, in the interface language ('ФИО студента', dates, figures). */
export interface ExportTitles {
  name: string;
  absences: string;
  sum: string;
  average: string;
  /** A date column's title (DD.MM.YYYY). */
  date: (visitDate: string) => string;
}

export type ExportCell = string | number;

/**
 * The journal as the screen shows it, one array per line: the titles, then per student the name,
 * the marks and the three figures as numbers (so a spreadsheet can add them up).
 */
export function journalSheet(table: JournalTable, titles: ExportTitles): ExportCell[][] {
  return [
    [
      titles.name,
      ...table.columns.map((c) => titles.date(c.visitDate)),
      titles.absences,
      titles.sum,
      titles.average,
    ],
    ...table.rows.map((row) => [
      row.s_fio,
      ...row.marks,
      row.figures.absences,
      row.figures.sum,
      row.figures.average,
    ]),
  ];
}

/**
 * CSV of the journal in the interface language (lib/files/csv-export.ts: its decimal mark and
 * separator, names and dates neutralised against formulas), the average rounded as the screen
 * rounds it.
 */
export function journalCsv(sheet: ExportCell[][], language: string): Promise<string> {
  return writeCsv(sheet, { language, numbers: { maximumFractionDigits: 2 } });
}

/** XLSX with the title line frozen and the names column wide; the writer loads on demand. */
export async function journalXlsx(sheet: ExportCell[][], sheetName: string): Promise<Blob> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const [titles = [], ...rows] = sheet;
  return writeXlsxFile([titles.map((value) => ({ value, fontWeight: 'bold' as const })), ...rows], {
    sheet: sheetName.slice(0, 31),
    columns: titles.map((_, i) => ({ width: i === 0 ? 36 : 11 })),
    stickyRowsCount: 1,
    stickyColumnsCount: 1,
    orientation: 'landscape',
  }).toBlob();
}

/** A file name from the class ('Веб-разработка ПИ-1-26 Практика'), without characters files cannot have. */
export function exportFileName(parts: readonly string[], extension: 'csv' | 'xlsx'): string {
  const base = parts
    .filter(Boolean)
    .join(' ')
    .replace(/[\\/:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
  return `${base || 'journal'}.${extension}`;
}
