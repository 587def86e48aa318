import type { AcademicYear } from '../reference-data/current-year';
import type { StudentGroupsParams } from '../reference-data/student-groups';
import { isStudent, type PortalUser } from '../session/roles';

/**
 * The body of a student's groups in the default year (POST /api/misc/getgroups), or null while
 * there is none to ask: a teacher, nobody signed in, or the default year not known yet. The shell's
 * academic context and the warm start ask through it, so they read one cache entry.
 */
export function studentGroupsParams(
  user: PortalUser | null,
  year: Pick<AcademicYear, 'id_a_year'> | null | undefined,
): StudentGroupsParams | null {
  return user && isStudent(user) && year
    ? { id_a_year: year.id_a_year, id_student: user.id }
    : null;
}
