import type { components } from '@lms/client';
import { isTeacher } from '../session/roles';
import { roleFields, type ChainRoot } from './chain-params';
import { referenceRead } from './keys';

export type Discipline = components['schemas']['Discipline'];

const NONE: Discipline[] = [];

/**
 * The disciplines of a year and semester half, by role: POST /api/discipline/list for
 * a teacher, /api/discipline/forStudentDisciplinelist for a student. `null`: year or ws unknown.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getDisciplinesQueryOptions, useDisciplines] = referenceRead(
  (root: ChainRoot | null) =>
    root && isTeacher(root) ? '/api/discipline/list' : '/api/discipline/forStudentDisciplinelist',
  NONE,
  (root: ChainRoot | null) =>
    root && { uid: root.uid, ws: root.ws, year: root.year, ...roleFields(root) },
);
