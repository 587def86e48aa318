import { PLACEHOLDER_ID } from '../../../lib/ui-state/pickers';
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

/**
 * The roll of a write still waiting in the outbox, in its order: each student's name from the
 * list (`students`), or their id while the list does not name them.
 */
export function rollOfWrite(
  students: readonly Pick<RollEntry, 'id_student' | 's_fio'>[],
  visits: readonly Pick<RollEntry, 'id_student' | 'isVisited' | 'id_otsenka'>[],
): RollEntry[] {
  const names = new Map(students.map((entry) => [entry.id_student, entry.s_fio]));
  return visits.map((visit) => ({
    id_student: visit.id_student,
    s_fio: names.get(visit.id_student) ?? String(visit.id_student),
    isVisited: visit.isVisited,
    id_otsenka: visit.id_otsenka,
  }));
}

const ABSENT_KEYS = new Set(['н', 'n', 'a', 'ф']);
const PRESENT_KEYS = new Set(['п', 'p', 'з']);

/** What a key pressed on a student's row does to the roll. */
export type RollKeyChange = { absent: boolean } | { mark: number };

/**
 * The key's change to a student's row, or null when the key means nothing there: н, n, a or ф
 * (the key of a on a Russian layout) mark them absent, п, p or з (the key of p there) present, 0
 * takes their mark away, and a mark option's name ('5') gives that mark.
 */
export function rollKeyChange(
  key: string,
  options: readonly { id_otsenka: number; name: string }[],
): RollKeyChange | null {
  const pressed = key.toLowerCase();
  if (ABSENT_KEYS.has(pressed)) return { absent: true };
  if (PRESENT_KEYS.has(pressed)) return { absent: false };
  if (pressed === '0') return { mark: PLACEHOLDER_ID };
  const option = options.find((item) => item.name === pressed);
  return option ? { mark: option.id_otsenka } : null;
}

/** The dates whose rolls are being taken, with `day` last (the one the roll call opens on). */
export const withRollTaken = (dates: readonly string[], day: string): readonly string[] =>
  dates.at(-1) === day ? dates : [...dates.filter((d) => d !== day), day];

/** The dates whose rolls are being taken, without `day` (saved or cleared). */
export const withoutRoll = (dates: readonly string[], day: string): readonly string[] =>
  dates.filter((d) => d !== day);
