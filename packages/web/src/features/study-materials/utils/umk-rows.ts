import type { UmkDiscipline } from '../api/get-teacher-disciplines';

/*
 * umk/disciplines answers one row per discipline, form of control and speciality. The screen asks
 * for the discipline first, then for its form of control.
 */

/** The disciplines of the rows, once each; a name shared by two specialities names its speciality. */
export function disciplineOptions(rows: readonly UmkDiscipline[]) {
  const seen = new Map<number, UmkDiscipline>();
  for (const row of rows) if (!seen.has(row.id_discipline)) seen.set(row.id_discipline, row);
  const distinct = [...seen.values()];
  const nameCount = new Map<string, number>();
  for (const row of distinct) nameCount.set(row.name, (nameCount.get(row.name) ?? 0) + 1);
  return distinct.map((row) => ({
    id: row.id_discipline,
    name: (nameCount.get(row.name) ?? 0) > 1 ? `${row.name} (${row.specialityName})` : row.name,
  }));
}

/** The rows (forms of control) of one discipline. */
export const rowsOf = (rows: readonly UmkDiscipline[], id_discipline: number) =>
  rows.filter((row) => row.id_discipline === id_discipline);
