// The two roles of the contract (its Role schema): 1 teacher, 2 student. Every role test in the
// mock server goes through these names instead of a bare 1 or 2.
import type { components } from '@lms/client/schema';

export type Role = components['schemas']['Role'];

export const ROLE_TEACHER = 1 satisfies Role;
export const ROLE_STUDENT = 2 satisfies Role;

/** Whether someone (a person, an account, a message's sender) is a teacher; narrows a union. */
export const isTeacher = <P extends { role: number }>(
  who: P,
): who is P & { role: typeof ROLE_TEACHER } => who.role === ROLE_TEACHER;

/** Whether someone is a student; narrows a union. */
export const isStudent = <P extends { role: number }>(
  who: P,
): who is P & { role: typeof ROLE_STUDENT } => who.role === ROLE_STUDENT;

/** The other side of a teacher–student conversation. */
export const otherRole = (role: Role): Role =>
  role === ROLE_TEACHER ? ROLE_STUDENT : ROLE_TEACHER;

/** `${role}:${id}`: a person (or an account) among both roles' ids, as a map key. */
export const personKey = (role: Role, id: number) => `${role}:${id}`;
