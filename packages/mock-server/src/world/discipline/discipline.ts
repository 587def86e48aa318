// The reference-data chain of the chat screen: current year and ws lists, and the offerings of
// core/calendar.ts indexed by teacher and by group (what teaches or studies what, in which year, ws
// and semester). Nothing random: a derived index, rebuilt after a reset like any slice.
import {
  CURRENT_WS,
  CURRENT_YEAR_ID,
  academicYears,
  calendarSlice,
  semesterHalves,
  semesters,
  toAcademicYear,
  type Discipline,
  type Offering,
} from '../core/calendar.js';
import { groupBy } from '../core/collections.js';
import { defineSlice } from '../core/store.js';
import type { Group, Stream, University } from '../core/university.js';

export interface DisciplineIndex {
  offeringsByTeacher: Map<number, Offering[]>;
  offeringsByGroup: Map<number, Offering[]>;
}

export const disciplineSlice = defineSlice('discipline', ({ get }): DisciplineIndex => {
  const { offerings } = get(calendarSlice);
  return {
    offeringsByTeacher: groupBy(offerings, (o) => o.id_teacher),
    offeringsByGroup: groupBy(offerings, (o) => o.id_group),
  };
});

/** Academic years, the current one first, then the older ones newest first. */
export const currentYearList = () =>
  [...academicYears]
    .sort((a, b) =>
      a.id_a_year === CURRENT_YEAR_ID
        ? -1
        : b.id_a_year === CURRENT_YEAR_ID
          ? 1
          : b.startYear - a.startYear,
    )
    .map(toAcademicYear);

/** Semester halves, the current one first, then the others in order. */
export const currentWsList = () => [
  ...semesterHalves.filter((h) => h.ws === CURRENT_WS),
  ...semesterHalves.filter((h) => h.ws !== CURRENT_WS),
];

/** Offerings in a year and ws (and, when given, of one discipline and semester). */
export function selectOfferings(
  offerings: readonly Offering[] | undefined,
  where: { year: number; ws: number; id_discipline?: number; id_semester?: number },
): Offering[] {
  return (offerings ?? []).filter(
    (o) =>
      o.id_a_year === where.year &&
      o.ws === where.ws &&
      (where.id_discipline === undefined || o.id_discipline === where.id_discipline) &&
      (where.id_semester === undefined || o.id_semester === where.id_semester),
  );
}

/** Distinct values in first-seen order. */
export const distinct = <T, K>(items: readonly T[], key: (item: T) => K): T[] => {
  const seen = new Set<K>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

/** The contract's Discipline. */
export const toDisciplineItem = (d: Discipline) => ({
  id_discipline: d.id_discipline,
  name: d.name,
  kredits: d.kredits,
  id_examination: d.id_examination,
});

/** The contract's Semester for an id (1…8). */
export const toSemesterItem = (id_semester: number) =>
  semesters.find((s) => s.id_semester === id_semester) ?? {
    id_semester,
    name: `${id_semester} семестр`,
  };

/** The contract's Group: a single group … */
export const toGroupItem = (g: Group) => ({
  id_group: g.id_group,
  name: g.name,
  id_faculty: g.id_faculty,
  isPotok: false,
});

/** … or a stream, whose id_group is the stream id. */
export const toStreamItem = (s: Stream) => ({
  id_group: s.id_stream,
  name: s.name,
  id_faculty: s.id_faculty,
  isPotok: true,
});

/** The groups a group-or-stream id stands for (none when it is unknown). */
export function groupsOf(university: University, id: number, isPotok: boolean): Group[] {
  if (isPotok) {
    const stream = university.streamById.get(id);
    return (stream?.groupIds ?? []).flatMap((gid) => university.groupById.get(gid) ?? []);
  }
  const group = university.groupById.get(id);
  return group ? [group] : [];
}
