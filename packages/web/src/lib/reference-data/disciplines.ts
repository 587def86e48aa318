import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../api-client';
import { isTeacher } from '../roles';
import { studentGroupOf, type ChainRoot } from './chain-params';
import { referenceQuery } from './keys';

export type Discipline = components['schemas']['Discipline'];

const NONE: Discipline[] = [];

/**
 * The disciplines of a year and semester half, by role: POST /api/discipline/list for
 * a teacher, /api/discipline/forStudentDisciplinelist for a student. `null`: year or ws unknown.
 */
export function getDisciplinesQueryOptions(client: LmsClient, root: ChainRoot | null) {
  if (root && isTeacher(root)) {
    const path = '/api/discipline/list';
    const body = { uid: root.uid, ws: root.ws, year: root.year };
    return referenceQuery(path, body, (b) => client.post(path, { body: b }), NONE);
  }
  const path = '/api/discipline/forStudentDisciplinelist';
  const body = root && {
    uid: root.uid,
    ws: root.ws,
    year: root.year,
    id_group: studentGroupOf(root),
  };
  return referenceQuery(path, body, (b) => client.post(path, { body: b }), NONE);
}

export function useDisciplines(root: ChainRoot | null) {
  return useQuery(getDisciplinesQueryOptions(useApiClient(), root));
}
