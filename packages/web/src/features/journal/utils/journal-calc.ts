import type { components } from '@lms/client';

export type Journal = components['schemas']['VisitLogJournal'];
export type JournalColumn = components['schemas']['VisitLogJournalColumn'];

/** A journal with no dates and no rows: what a read counts an answer without data as. */
export const EMPTY_JOURNAL: Journal = { resArray: [], data: [] };

/** The mark of an absence: it counts one absence and zero points. */
export const ABSENT_MARK = 'н/б';

/** What a journal row adds up to. */
export interface JournalFigures {
  /** 'Всего н/б': the absences. */
  absences: number;
  /** 'Общая сумма': the points, 'н/б' and an empty mark counting zero. */
  sum: number;
  /** 'Средняя оценка': the sum divided by the number of dates, rounded to two decimals; 0 without dates. */
  average: number;
}

/** The points a mark counts: its number; 'н/б', an empty or an unreadable mark count zero. */
export function markPoints(otsenka: string): number {
  if (otsenka === ABSENT_MARK) return 0;
  const points = Number(otsenka.trim());
  return otsenka.trim() !== '' && Number.isFinite(points) ? points : 0;
}

/** Rounds half away from zero to two decimals (2.345 → 2.35, which plain toFixed gets wrong). */
export function roundTwo(value: number): number {
  return Math.sign(value) * (Math.round(Math.abs(value) * 100 + 1e-9) / 100);
}

/**
 * One student's figures from their marks on the journal's dates. `dateCount` is the number of
 * date columns (resArray), which divides the sum even where a row lacks a mark.
 */
export function journalFigures(
  marks: readonly string[],
  dateCount: number = marks.length,
): JournalFigures {
  let absences = 0;
  let sum = 0;
  for (const mark of marks) {
    if (mark === ABSENT_MARK) absences += 1;
    sum += markPoints(mark);
  }
  return { absences, sum, average: dateCount > 0 ? roundTwo(sum / dateCount) : 0 };
}

/** One row of the table as the screen and the exports show it. */
export interface JournalTableRow {
  id_student: number;
  s_fio: string;
  /** One mark per column, '' where nothing is stored. */
  marks: string[];
  figures: JournalFigures;
}

export interface JournalTable {
  columns: JournalColumn[];
  rows: JournalTableRow[];
}

const byDate = (a: JournalColumn, b: JournalColumn) =>
  a.visitDate < b.visitDate ? -1 : a.visitDate > b.visitDate ? 1 : 0;

const sameColumns = (a: readonly JournalColumn[], b: readonly JournalColumn[]) =>
  a.length === b.length &&
  a.every(
    (column, i) => column.visitDate === b[i]?.visitDate && column.timesCount === b[i]?.timesCount,
  );

/**
 * The journal as a table: the date columns oldest first and each student's marks aligned with them
 * by date (a row's `dates` may miss a column or come in another order), with the row's figures.
 * Built on `previous` (the table of the journal's last answer), the columns and every row whose
 * name and marks did not change are its very objects, so a journal read again after a write
 * redraws the rows that changed and no other.
 */
export function journalTable(journal: Journal, previous?: JournalTable | null): JournalTable {
  const sorted = [...journal.resArray].sort(byDate);
  const kept = previous && sameColumns(previous.columns, sorted) ? previous : null;
  const columns = kept ? kept.columns : sorted;
  const before = new Map(kept?.rows.map((row) => [row.id_student, row]));
  const rows = journal.data.map((row) => {
    const byVisitDate = new Map(row.dates.map((mark) => [mark.visitDate, mark.otsenka]));
    const marks = columns.map((column) => byVisitDate.get(column.visitDate) ?? '');
    const old = before.get(row.id_student);
    if (old?.s_fio === row.s_fio && old.marks.every((mark, i) => mark === marks[i])) return old;
    return {
      id_student: row.id_student,
      s_fio: row.s_fio,
      marks,
      figures: journalFigures(marks, columns.length),
    };
  });
  return { columns, rows };
}

/** Attendance of one row in percent (whole numbers): the dates attended out of all; null without dates. */
export function attendancePercent(figures: JournalFigures, dateCount: number): number | null {
  if (dateCount === 0) return null;
  return Math.round(((dateCount - figures.absences) / dateCount) * 100);
}

/** The share of classes missed, in percent (unrounded), for the absence warning. */
export function absencePercent(figures: JournalFigures, dateCount: number): number {
  return dateCount === 0 ? 0 : (figures.absences / dateCount) * 100;
}

/** The product sets no threshold: 25 % of classes missed unless /config.json says otherwise. */
export const DEFAULT_ABSENCE_WARNING_PERCENT = 25;
