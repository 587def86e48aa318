import { useQueries } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import type { AcademicYear } from '../../../lib/reference-data/current-year';
import { getStudentGroupsQueryOptions } from '../../../lib/reference-data/student-groups';

/** The years a student can get a payment code for, as far as the answers so far tell. */
export interface StudyYears {
  /**
   * The years in which the student has a group, newest first as the server lists them; a year
   * whose groups could not be read stays in (its group picker shows the failure and a retry).
   */
  years: AcademicYear[];
  /** Some years' groups are still being asked for. */
  pending: boolean;
  /** Every year answered and none has a group for the student. */
  none: boolean;
}

/**
 * A payment code belongs to a year, a group and the student, so a year in which the student was
 * in no group leads nowhere. misc/years lists every year of the university; misc/getgroups tells,
 * year by year, whether the student studied then. Each year is asked once, in the cache entry the
 * shell (the default year) and the group picker share.
 */
export function useStudyYears(
  years: readonly AcademicYear[] | undefined,
  studentId: number,
): StudyYears {
  const client = useApiClient();
  return useQueries({
    queries: (years ?? []).map((year) =>
      getStudentGroupsQueryOptions(client, { id_a_year: year.id_a_year, id_student: studentId }),
    ),
    combine: (answers) => {
      const list = years ?? [];
      const offered = list.filter((_, index) => {
        const answer = answers[index];
        return answer?.isError === true || (answer?.data?.length ?? 0) > 0;
      });
      const pending = answers.some((answer) => answer.isPending);
      return { years: offered, pending, none: !pending && offered.length === 0 };
    },
  });
}
