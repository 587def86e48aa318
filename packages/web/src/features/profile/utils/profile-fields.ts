import { isTeacher } from '../../../lib/session/roles';
import type { ProfileData } from '../api/get-profile';

export type ProfileField = Extract<
  keyof ProfileData,
  'birthDate' | 'faculty' | 'speciality' | 'group' | 'kafedra' | 'email' | 'phone'
>;

export function isTeacherProfile(profile: Pick<ProfileData, 'role'>): boolean {
  return isTeacher(profile);
}

/**
 * Where the person studies or works: a student has a speciality and a group, a teacher a
 * department (kafedra); the contract leaves the other role's fields null.
 */
export function placeFields(profile: Pick<ProfileData, 'role'>): readonly ProfileField[] {
  return isTeacherProfile(profile) ? ['faculty', 'kafedra'] : ['faculty', 'speciality', 'group'];
}

export const PERSONAL_FIELDS: readonly ProfileField[] = ['birthDate', 'email', 'phone'];

/** A `tel:` link target: the stored number («+996 555 123 456») without its spaces and dashes. */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
