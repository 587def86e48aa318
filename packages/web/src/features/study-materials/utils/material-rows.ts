import { optionsNamedApart } from '../../../lib/ui-state/pickers';
import type { MaterialDiscipline } from '../api/get-teacher-disciplines';

/*
 * umk/disciplines answers one row per discipline, form of control and speciality. The screen asks
 * for the discipline first, then for its form of control.
 */

/** The disciplines of the rows, once each; a name shared by two specialities names its speciality. */
export function disciplineOptions(rows: readonly MaterialDiscipline[]) {
  const seen = new Map<number, MaterialDiscipline>();
  for (const row of rows) if (!seen.has(row.id_discipline)) seen.set(row.id_discipline, row);
  return optionsNamedApart(
    [...seen.values()],
    (row) => row.id_discipline,
    (row) => row.name,
    (row) => row.specialityName,
  );
}

/** The rows (forms of control) of one discipline. */
export const rowsOf = (rows: readonly MaterialDiscipline[], id_discipline: number) =>
  rows.filter((row) => row.id_discipline === id_discipline);
