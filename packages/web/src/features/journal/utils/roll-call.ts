import { PLACEHOLDER_ID } from '../../../lib/pickers';
import type { JournalClass, VisitUpdate } from './journal-class';

/** One student on the roll: present or not, and a mark option (-1 for none). */
export interface RollEntry {
  id_student: number;
  s_fio: string;
  isVisited: boolean;
  id_otsenka: number;
}

export interface RollSource {
  id_student: number;
  s_fio: string;
  isVisited?: boolean;
  id_otsenka?: number;
}

/** The roll as the list gives it: everyone present and unmarked unless something is stored. */
export function startRoll(students: readonly RollSource[]): RollEntry[] {
  return students.map((student) => ({
    id_student: student.id_student,
    s_fio: student.s_fio,
    isVisited: student.isVisited ?? true,
    id_otsenka: student.id_otsenka ?? PLACEHOLDER_ID,
  }));
}

/**
 * Marks a student absent (the 'н/б' option, `absentId`, or -1 when the list has none) or present
 * again (without a mark: 'н/б' is not a mark of someone who came).
 */
export function setAbsent(
  roll: readonly RollEntry[],
  id_student: number,
  absent: boolean,
  absentId: number | undefined,
): RollEntry[] {
  return roll.map((entry) =>
    entry.id_student !== id_student
      ? entry
      : {
          ...entry,
          isVisited: !absent,
          id_otsenka: absent ? (absentId ?? PLACEHOLDER_ID) : PLACEHOLDER_ID,
        },
  );
}

/**
 * Gives a mark: the 'н/б' option marks the student absent; any other choice, ' --- ' included,
 * marks them present with that mark.
 */
export function setMark(
  roll: readonly RollEntry[],
  id_student: number,
  id_otsenka: number,
  absentId: number | undefined,
): RollEntry[] {
  if (absentId !== undefined && id_otsenka === absentId) {
    return setAbsent(roll, id_student, true, absentId);
  }
  return roll.map((entry) =>
    entry.id_student !== id_student ? entry : { ...entry, isVisited: true, id_otsenka },
  );
}

export function rollCounts(roll: readonly RollEntry[]): { present: number; absent: number } {
  const absent = roll.filter((entry) => !entry.isVisited).length;
  return { present: roll.length - absent, absent };
}

/** The visit log update payload of every student on the roll. */
export function rollVisits(
  cls: JournalClass,
  visitDate: string,
  timesCount: number,
  roll: readonly RollEntry[],
): VisitUpdate[] {
  return roll.map((entry) => ({
    ...cls,
    id_student: entry.id_student,
    visitDate,
    timesCount,
    isVisited: entry.isVisited,
    id_otsenka: entry.id_otsenka,
  }));
}
