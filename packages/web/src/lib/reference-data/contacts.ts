import type { components } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../query/api-client';
import { isTeacher } from '../session/roles';
import type { DisciplineGroupsParams } from './discipline-groups';
import { referenceRead } from './keys';
import { disciplineBody } from './semesters';

export type ChatContact = components['schemas']['ChatContact'];

export interface ContactsParams extends DisciplineGroupsParams {
  /** The active group or stream of the discipline. */
  id_group: number;
  isPotok: boolean;
}

const NONE: ChatContact[] = [];
/** Unread counts move: the list is fresh for a short while only. */
const CONTACTS_STALE_MS = 30_000;

/**
 * The other side of a discipline, by role: a teacher's students (POST
 * /api/discipline/students/list), a student's teachers (/api/discipline/teachers/list), each with
 * its unread count.
 */
export const [getContactsQueryOptions] = referenceRead(
  (params: ContactsParams | null) =>
    params && isTeacher(params) ? '/api/discipline/students/list' : '/api/discipline/teachers/list',
  NONE,
  (params: ContactsParams | null) =>
    params && {
      ...disciplineBody(params),
      id_semester: params.id_semester,
      id_group: params.id_group,
      isPotok: params.isPotok,
    },
  CONTACTS_STALE_MS,
);

/** While a contact column is shown (and the tab visible), unread counts refresh this often. */
export const CONTACTS_REFRESH_MS = 10_000;

export function useContacts(params: ContactsParams | null) {
  return useQuery({
    ...getContactsQueryOptions(useApiClient(), params),
    refetchInterval: CONTACTS_REFRESH_MS,
  });
}
