import type { components } from '@lms/client';
import { referenceRead } from '../../../lib/reference-data/keys';
import type { MaterialDisciplinesRequest } from './study-materials-keys';

export type MaterialDiscipline = components['schemas']['UmkDiscipline'];

/**
 * POST /api/umk/disciplines: the teacher's disciplines in a semester, one row per form of control
 * and speciality (a material is saved for exactly that row). `null` until a semester is chosen.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getTeacherDisciplinesQueryOptions, useTeacherDisciplines] = referenceRead(
  '/api/umk/disciplines',
  [] as MaterialDiscipline[],
  (params: MaterialDisciplinesRequest | null) => params,
);
