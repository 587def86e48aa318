import { useState } from 'react';
import { offeredId, PLACEHOLDER_ID } from '../../../lib/ui-state/pickers';
import { useStudentGroups } from '../../../lib/reference-data/student-groups';
import type { PortalUser } from '../../../lib/session/roles';
import type { RegistrationListRequest } from '../api/discipline-registration-keys';
import { useRegistrationDefaultYear } from '../api/get-registration-default-year';
import { useRegistrationSemesters } from '../api/get-registration-semesters';
import { useRegistrationYears } from '../api/get-registration-years';

/** The period the person chose: a year, a group of it and a semester of that group. */
export interface RegistrationChoice {
  year: number;
  group: number;
  semester: number;
}

/**
 * The period a registration is for, as its pickers show it: the default year until another is
 * chosen (the newest one if it has none), then the year's first group and the group's first
 * semester until others are. `list` is what the registration's rows are asked with, once all three
 * are known.
 */
export function useRegistrationPeriod(user: Pick<PortalUser, 'uid' | 'id'>) {
  const [chosen, setChosen] = useState<RegistrationChoice>({
    year: PLACEHOLDER_ID,
    group: PLACEHOLDER_ID,
    semester: PLACEHOLDER_ID,
  });
  const defYear = useRegistrationDefaultYear(user.uid);
  const years = useRegistrationYears(user.uid);
  const yearList = years.data ?? [];
  const defaultYear =
    defYear.data?.id_a_year ??
    (defYear.isPending ? PLACEHOLDER_ID : (yearList[0]?.id_a_year ?? PLACEHOLDER_ID));
  const year = chosen.year !== PLACEHOLDER_ID ? chosen.year : defaultYear;
  const groups = useStudentGroups(
    year === PLACEHOLDER_ID ? null : { id_a_year: year, id_student: user.id },
  );
  const groupList = groups.data ?? [];
  const group =
    offeredId(groupList, chosen.group, (g) => g.id_group) !== PLACEHOLDER_ID
      ? chosen.group
      : (groupList[0]?.id_group ?? PLACEHOLDER_ID);
  const semesters = useRegistrationSemesters(
    year === PLACEHOLDER_ID || group === PLACEHOLDER_ID
      ? null
      : { id_group: group, id_a_year: year },
  );
  const semesterList = semesters.data ?? [];
  const semester =
    offeredId(semesterList, chosen.semester, (s) => s.id_semester) !== PLACEHOLDER_ID
      ? chosen.semester
      : (semesterList[0]?.id_semester ?? PLACEHOLDER_ID);
  const list: RegistrationListRequest | null =
    year !== PLACEHOLDER_ID && group !== PLACEHOLDER_ID && semester !== PLACEHOLDER_ID
      ? { uid: user.uid, id_a_year: year, id_semester: semester, id_group: group }
      : null;

  const choose = (next: Partial<RegistrationChoice>) =>
    setChosen((current) => ({ ...current, ...next }));

  return { defYear, years, groups, semesters, year, group, semester, list, choose };
}

export type RegistrationPeriod = ReturnType<typeof useRegistrationPeriod>;
