import type { components } from '@lms/client';

export type User = components['schemas']['User'];
export type PortalRole = components['schemas']['Role'];

/** Role 1 is teacher, role 2 is student; only these two may enter. */
export const ROLE_TEACHER = 1;
export const ROLE_STUDENT = 2;

export function isPortalRole(role: number): role is PortalRole {
  return role === ROLE_TEACHER || role === ROLE_STUDENT;
}

export type PortalUser = User & { role: PortalRole };

export function isPortalUser(user: User | null | undefined): user is PortalUser {
  return Boolean(user) && isPortalRole((user as User).role);
}

/** Lists, schedules and journals choose the teacher's or the student's endpoint. */
export function isTeacher(who: { role: number }): boolean {
  return who.role === ROLE_TEACHER;
}

export function isStudent(who: { role: number }): boolean {
  return who.role === ROLE_STUDENT;
}

/** One of two values by role: the teacher's or the student's (endpoint, label, ...). */
export function byRole<T>(role: number, forTeacher: T, forStudent: T): T {
  return role === ROLE_TEACHER ? forTeacher : forStudent;
}
