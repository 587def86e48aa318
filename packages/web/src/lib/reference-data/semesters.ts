import type { components } from '@lms/client';
import { isTeacher } from '../session/roles';
import { roleFields, type ChainRoot } from './chain-params';
import { referenceRead } from './keys';

export type Semester = components['schemas']['Semester'];

export interface SemestersParams extends ChainRoot {
  id_discipline: number;
}

const NONE: Semester[] = [];

/** Who asks about a discipline: the body its chain calls (semesters, groups, contacts) start with. */
export const disciplineBody = (params: SemestersParams) => ({
  uid: params.uid,
  year: params.year,
  ws: params.ws,
  id_discipline: params.id_discipline,
});

/**
 * The semesters of a discipline, by role: POST /api/discipline/semester/list (teacher) or
 * /api/discipline/studentSemester/list (student). `null`: no discipline is chosen yet.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getSemestersQueryOptions, useSemesters] = referenceRead(
  (params: SemestersParams | null) =>
    params && isTeacher(params)
      ? '/api/discipline/semester/list'
      : '/api/discipline/studentSemester/list',
  NONE,
  (params: SemestersParams | null) =>
    params && { ...disciplineBody(params), ...roleFields(params) },
);
