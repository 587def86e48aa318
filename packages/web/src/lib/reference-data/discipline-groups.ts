import type { LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../api-client';
import { isTeacher } from '../roles';
import { studentGroupOf } from './chain-params';
import { referenceQuery } from './keys';
import type { SemestersParams } from './semesters';
import type { Group } from './student-groups';

export interface DisciplineGroupsParams extends SemestersParams {
  id_semester: number;
}

const NONE: Group[] = [];

/**
 * The groups and streams (`isPotok`) of a discipline in a semester, by role: POST
 * /api/discipline/group/list (teacher) or /api/discipline/studentGroup/list (student).
 */
export function getDisciplineGroupsQueryOptions(
  client: LmsClient,
  params: DisciplineGroupsParams | null,
) {
  const base = params && {
    uid: params.uid,
    year: params.year,
    ws: params.ws,
    id_discipline: params.id_discipline,
    id_semester: params.id_semester,
  };
  if (params && isTeacher(params)) {
    const path = '/api/discipline/group/list';
    return referenceQuery(path, base, (body) => client.post(path, { body }), NONE);
  }
  const path = '/api/discipline/studentGroup/list';
  const body = params && base && { ...base, id_group: studentGroupOf(params) };
  return referenceQuery(path, body, (b) => client.post(path, { body: b }), NONE);
}

export function useDisciplineGroups(params: DisciplineGroupsParams | null) {
  return useQuery(getDisciplineGroupsQueryOptions(useApiClient(), params));
}
