import type { components } from '@lms/client';
import { isTeacher, type PortalRole } from '../session/roles';

export type DisciplineWs = components['schemas']['DisciplineWs'];

/**
 * Who asks and for which year and semester half: the root of the reference-data chain
 * (ws → disciplines → semesters → groups → contacts). Students' calls also carry their group.
 */
export interface ChainRoot {
  role: PortalRole;
  uid: number;
  /** The student's own group (User.id_group); unused for teachers. */
  studentGroup: number | null;
  year: number;
  ws: DisciplineWs;
}

/** The student's group as their calls send it; -1 when the session carries none. */
export function studentGroupOf(root: ChainRoot): number {
  return root.studentGroup ?? -1;
}

/** What a chain call adds for the role: a student's calls carry the group, a teacher's nothing. */
export function roleFields(root: ChainRoot) {
  return isTeacher(root) ? {} : { id_group: studentGroupOf(root) };
}
