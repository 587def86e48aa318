import { ABSENT_MARK, journalFigures, type JournalColumn, type JournalTable } from './journal-calc';
import type { Assessment, VisitUpdate } from './journal-class';

/** A visit as the journal shows it: 'н/б' when absent, else the mark option's name ('' for none). */
export function otsenkaOf(visit: VisitUpdate, assessments: readonly Assessment[]): string {
  if (!visit.isVisited) return ABSENT_MARK;
  return assessments.find((option) => option.id_otsenka === visit.id_otsenka)?.name ?? '';
}

export const cellKey = (id_student: number, visitDate: string) => `${id_student}|${visitDate}`;

/** Cells (cellKey) as each student's dates. */
export function datesByStudent(cells: Iterable<string>): Map<number, Set<string>> {
  const byStudent = new Map<number, Set<string>>();
  for (const key of cells) {
    const at = key.indexOf('|');
    const student = Number(key.slice(0, at));
    const dates = byStudent.get(student) ?? new Set<string>();
    dates.add(key.slice(at + 1));
    byStudent.set(student, dates);
  }
  return byStudent;
}

/**
 * The journal with the writes the server has not confirmed yet laid over it (oldest first, so a
 * later write wins): their marks replace the stored ones, a date not in the journal yet becomes a
 * column, and the figures follow. `pending` names the cells that are not saved yet. The columns,
 * and every row no write touches, stay the very objects of `table` while no write adds a date,
 * so a mark changed in a large class redraws its own row only.
 */
export function withPendingVisits(
  table: JournalTable,
  writes: readonly (readonly VisitUpdate[])[],
  assessments: readonly Assessment[],
): JournalTable & { pending: Set<string> } {
  const pending = new Set<string>();
  if (writes.length === 0) return { ...table, pending };
  const columns = new Map<string, JournalColumn>(table.columns.map((c) => [c.visitDate, c]));
  const marks = new Map<string, string>();
  const written = new Set<number>();
  for (const visits of writes) {
    for (const visit of visits) {
      if (!columns.has(visit.visitDate)) {
        columns.set(visit.visitDate, { visitDate: visit.visitDate, timesCount: visit.timesCount });
      }
      const key = cellKey(visit.id_student, visit.visitDate);
      marks.set(key, otsenkaOf(visit, assessments));
      pending.add(key);
      written.add(visit.id_student);
    }
  }
  const added = columns.size > table.columns.length;
  const sorted = added
    ? [...columns.values()].sort((a, b) =>
        a.visitDate < b.visitDate ? -1 : a.visitDate > b.visitDate ? 1 : 0,
      )
    : table.columns;
  const rows = table.rows.map((row) => {
    if (!added && !written.has(row.id_student)) return row;
    const stored = new Map(table.columns.map((column, i) => [column.visitDate, row.marks[i]]));
    const rowMarks = sorted.map(
      (column) =>
        marks.get(cellKey(row.id_student, column.visitDate)) ?? stored.get(column.visitDate) ?? '',
    );
    return { ...row, marks: rowMarks, figures: journalFigures(rowMarks, sorted.length) };
  });
  return { columns: sorted, rows, pending };
}
