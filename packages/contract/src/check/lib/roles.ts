// The contract's two roles (its Role schema): 1 teacher, 2 student. Every role the checker names
// or compares goes through these, typed by the generated schema.
import type { components } from '@lms/client/schema';

export type Role = components['schemas']['Role'];

export const ROLE_TEACHER = 1 satisfies Role;
export const ROLE_STUDENT = 2 satisfies Role;
const ROLES: readonly Role[] = [ROLE_TEACHER, ROLE_STUDENT];

export const isRole = (value: unknown): value is Role => ROLES.includes(value as Role);

/** 'teacher' or 'student', for the report's sentences. */
export const roleName = (role: Role) => (role === ROLE_TEACHER ? 'teacher' : 'student');

/** The other role. */
export const otherRole = (role: Role): Role =>
  role === ROLE_TEACHER ? ROLE_STUDENT : ROLE_TEACHER;
