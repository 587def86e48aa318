import { isTeacher } from '../session/roles';
import { roleFields } from './chain-params';
import { referenceRead } from './keys';
import { disciplineBody, type SemestersParams } from './semesters';
import type { Group } from './student-groups';

export interface DisciplineGroupsParams extends SemestersParams {
  id_semester: number;
}

const NONE: Group[] = [];

/**
 * The groups and streams (`isPotok`) of a discipline in a semester, by role: POST
 * /api/discipline/group/list (teacher) or /api/discipline/studentGroup/list (student).
 * @public its query options stand beside its hook, as every read's do
 */
export const [getDisciplineGroupsQueryOptions, useDisciplineGroups] = referenceRead(
  (params: DisciplineGroupsParams | null) =>
    params && isTeacher(params)
      ? '/api/discipline/group/list'
      : '/api/discipline/studentGroup/list',
  NONE,
  (params: DisciplineGroupsParams | null) =>
    params && { ...disciplineBody(params), id_semester: params.id_semester, ...roleFields(params) },
);
