// Logins and passwords. Kept in the world (not in code) so a password change (passwd/reset.json)
// takes effect at the next login and reset() restores the seeded credentials.
import { defineSlice, type Store } from './store.js';
import { isTeacher, ROLE_TEACHER, type Role } from './roles.js';
import { groupOf, universitySlice, type Student, type Teacher } from './university.js';

export interface Account {
  login: string;
  password: string;
  uid: number;
  role: Role;
  /** id_teacher or id_student. */
  personId: number;
}

interface DemoAccount {
  login: 'teacher' | 'teacher2' | 'student' | 'student2' | 'student3';
  password: string;
  description: string;
}

/**
 * Printed at start-up and documented in the README. The second teacher and student are the
 * contract checker's `--teacher2` / `--student2` (x-owner): student2 is in another group than
 * student (ПИ-2-26, distance learning, beside ПИ-1-26 full-time), and teacher2 teaches their groups
 * other disciplines than teacher, so no class of teacher's is teacher2's.
 */
export const demoAccounts: readonly DemoAccount[] = [
  { login: 'teacher', password: 'Teacher1', description: 'teacher with news permission' },
  {
    login: 'teacher2',
    password: 'Teacher2',
    description: 'teacher without news permission; none of teacher’s classes',
  },
  { login: 'student', password: 'Student1', description: 'student, ПИ-1-26 (full-time)' },
  {
    login: 'student2',
    password: 'Student2',
    description: 'student in another group, ПИ-2-26 (distance)',
  },
  {
    login: 'student3',
    password: 'Student3',
    description: 'third-year student (earlier years to look back on)',
  },
];

interface Accounts {
  byLogin: Map<string, Account>;
}

export const accountsSlice = defineSlice('accounts', ({ get }): Accounts => {
  const { demo } = get(universitySlice);
  const accounts = demoAccounts.map(({ login, password }): Account => {
    const person = demo[login];
    return { login, password, uid: person.uid, role: person.role, personId: person.id };
  });
  return { byLogin: new Map(accounts.map((account) => [account.login, account])) };
});

/** The person behind an account or a (role, id) pair. */
export function findPerson(store: Store, role: number, id: number): Teacher | Student | undefined {
  const university = store.get(universitySlice);
  return role === ROLE_TEACHER ? university.teacherById.get(id) : university.studentById.get(id);
}

/** The contract's User: what login and authentication answer. */
export function toUser(store: Store, person: Teacher | Student) {
  const group = groupOf(store.get(universitySlice), person);
  return {
    uid: person.uid,
    id: person.id,
    fullName: person.fullName,
    role: person.role,
    group: group?.name ?? null,
    id_group: group?.id_group ?? null,
    newsPerms: isTeacher(person) && person.newsPerms,
  };
}
