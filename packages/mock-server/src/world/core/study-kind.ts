// Forms of study (the contract's UmkForStudentKind): 0 all students, 1 full-time, 2 distance. A
// group's form comes from its place in its stream; a study material, and the e-library book
// published from it, reaches only the students of the form it is aimed at (teachers see all).
import type { Group, Stream, University } from './university.js';

/** 0 all students, 1 full-time, 2 distance (the contract's UmkForStudentKind). */
export type ForStudentKind = 0 | 1 | 2;

/** A student's form of study: 1 full-time, 2 distance. */
export type StudyKind = Exclude<ForStudentKind, 0>;

/**
 * A group's form of study: the first group of each stream studies full-time, the second at a
 * distance, and so on (so the two demo students, in groups 1 and 2 of one stream, differ).
 */
export function studyKindOf(
  university: Pick<University, 'groupById' | 'streamById'>,
  id_group: number,
): StudyKind {
  const group: Group | undefined = university.groupById.get(id_group);
  const stream: Stream | undefined = group && university.streamById.get(group.id_stream);
  return (stream?.groupIds.indexOf(id_group) ?? 0) % 2 === 1 ? 2 : 1;
}

/** Whether something aimed at `aim` reaches students of a form of study. */
export const aimedAt = (aim: ForStudentKind, kind: StudyKind) => aim === 0 || aim === kind;
