import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../api-client';
import { isTeacher } from '../roles';
import { studentGroupOf, type ChainRoot } from './chain-params';
import { referenceQuery } from './keys';

export type Semester = components['schemas']['Semester'];

export interface SemestersParams extends ChainRoot {
  id_discipline: number;
}

const NONE: Semester[] = [];

/**
 * The semesters of a discipline, by role: POST /api/discipline/semester/list (teacher) or
 * /api/discipline/studentSemester/list (student). `null`: no discipline is chosen yet.
 */
export function getSemestersQueryOptions(client: LmsClient, params: SemestersParams | null) {
  const base = params && {
    uid: params.uid,
    year: params.year,
    ws: params.ws,
    id_discipline: params.id_discipline,
  };
  if (params && isTeacher(params)) {
    const path = '/api/discipline/semester/list';
    return referenceQuery(path, base, (body) => client.post(path, { body }), NONE);
  }
  const path = '/api/discipline/studentSemester/list';
  const body = params && base && { ...base, id_group: studentGroupOf(params) };
  return referenceQuery(path, body, (b) => client.post(path, { body: b }), NONE);
}

export function useSemesters(params: SemestersParams | null) {
  return useQuery(getSemestersQueryOptions(useApiClient(), params));
}
