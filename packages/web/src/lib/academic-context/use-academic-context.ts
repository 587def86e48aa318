import { useSignals } from '@preact/signals-react/runtime';
import type { UseQueryResult } from '@tanstack/react-query';
import type { PortalUser } from '../session/roles';
import { chosenOrFirst } from '../ui-state/pickers';
import type { ChainRoot } from '../reference-data/chain-params';
import type { ContactsParams } from '../reference-data/contacts';
import { useCurrentWs, type SemesterHalf, type Ws } from '../reference-data/current-ws';
import { useCurrentYear, type AcademicYear } from '../reference-data/current-year';
import { useDefaultYear } from '../reference-data/default-year';
import { useDisciplineGroups } from '../reference-data/discipline-groups';
import { useDisciplines, type Discipline } from '../reference-data/disciplines';
import { useSemesters, type Semester } from '../reference-data/semesters';
import { useStudentGroups, type Group } from '../reference-data/student-groups';
import {
  chooseContact,
  chooseDiscipline,
  chooseGroup,
  chooseSemester,
  chooseWs,
  chooseYear,
  chosenContact,
  chosenDiscipline,
  chosenGroup,
  type ChatPartner,
  chosenSemester,
  chosenWs,
  chosenYear,
} from './selection';
import { studentGroupsParams } from './student-groups-params';

/**
 * The academic context the shell owns and hands to every section (the reference-data
 * chain): the year and semester half, the role's disciplines, the chosen discipline's semesters
 * and groups, and the default year with the student's groups in it. Each list is the shared
 * reference-data query of its endpoint, so a section reading it makes no second request.
 */
export interface AcademicContext {
  /** GET current/year.json: the years, the current one first. */
  currentYear: UseQueryResult<AcademicYear[]>;
  /** GET current/ws.json: the semester halves, the current one first. */
  currentWs: UseQueryResult<SemesterHalf[]>;
  /** POST misc/defaultyear, asked once after the user loads; the year pickers start on it. */
  defaultYear: UseQueryResult<AcademicYear | null>;
  /** POST misc/getgroups for the default year (students; asked once the default year arrives). */
  studentGroups: UseQueryResult<Group[]>;
  /** The chosen year, else the current one; null until known. */
  year: number | null;
  /** The year the user chose (any year picker), or null: pickers then start on the default year. */
  chosenYear: number | null;
  /** The chosen semester half, else the current (first) one; null until known. */
  ws: Ws | null;
  /** Who asks, for which year and ws: the root of the chain's requests; null until known. */
  root: ChainRoot | null;
  disciplines: UseQueryResult<Discipline[]>;
  /** The discipline the user opened; the chain stops here until one is chosen. */
  discipline: Discipline | null;
  semesters: UseQueryResult<Semester[]>;
  /** The chosen semester while offered, else the first. */
  semester: Semester | null;
  groups: UseQueryResult<Group[]>;
  /** The chosen group or stream while offered, else the first. */
  group: Group | null;
  /** The request of the contact list for the active group, once the chain has reached it. */
  contacts: ContactsParams | null;
  /** The open conversation (a contact or the group chat), while the chain still reaches it. */
  contact: ChatPartner | null;
  choose: {
    contact: (contact: ChatPartner | null) => void;
    year: (id: number) => void;
    ws: (ws: Ws) => void;
    discipline: (id: number | null) => void;
    semester: (id: number) => void;
    group: (id: number) => void;
  };
}

const CHOOSE: AcademicContext['choose'] = {
  contact: chooseContact,
  year: chooseYear,
  ws: chooseWs,
  discipline: chooseDiscipline,
  semester: chooseSemester,
  group: chooseGroup,
};

/** The shell's hook: runs the chain for the signed-in user and derives every selection. */
export function useAcademicContext(user: PortalUser | null): AcademicContext {
  useSignals();
  const currentYear = useCurrentYear();
  const currentWs = useCurrentWs();
  const defaultYear = useDefaultYear(user ? { uid: user.uid } : null);
  const studentGroups = useStudentGroups(studentGroupsParams(user, defaultYear.data));

  const year = chosenYear.value ?? currentYear.data?.[0]?.id_a_year ?? null;
  const ws = chosenWs.value ?? chosenOrFirst(currentWs.data, null, (half) => half.ws)?.ws ?? null;
  const root: ChainRoot | null =
    user && year !== null && ws !== null
      ? { role: user.role, uid: user.uid, studentGroup: user.id_group ?? null, year, ws }
      : null;

  const disciplines = useDisciplines(root);
  const discipline =
    disciplines.data?.find((item) => item.id_discipline === chosenDiscipline.value) ?? null;

  const semesters = useSemesters(
    root && discipline ? { ...root, id_discipline: discipline.id_discipline } : null,
  );
  const semester = discipline
    ? chosenOrFirst(semesters.data, chosenSemester.value, (item) => item.id_semester)
    : null;

  const groups = useDisciplineGroups(
    root && discipline && semester
      ? { ...root, id_discipline: discipline.id_discipline, id_semester: semester.id_semester }
      : null,
  );
  const group = semester
    ? chosenOrFirst(groups.data, chosenGroup.value, (item) => item.id_group)
    : null;

  const contacts: ContactsParams | null =
    root && discipline && semester && group
      ? {
          ...root,
          id_discipline: discipline.id_discipline,
          id_semester: semester.id_semester,
          id_group: group.id_group,
          isPotok: group.isPotok ?? false,
        }
      : null;

  return {
    contact: contacts ? chosenContact.value : null,
    currentYear,
    currentWs,
    defaultYear,
    studentGroups,
    year,
    chosenYear: chosenYear.value,
    ws,
    root,
    disciplines,
    discipline,
    semesters,
    semester,
    groups,
    group,
    contacts,
    choose: CHOOSE,
  };
}
