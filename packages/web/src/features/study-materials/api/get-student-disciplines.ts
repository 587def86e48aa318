import type { components } from '@lms/client';
import { referenceRead } from '../../../lib/reference-data/keys';
import type { MaterialStudentDisciplinesRequest } from './study-materials-keys';

export type StudentDiscipline = components['schemas']['Discipline'];

/**
 * POST /api/umk/disciplinesforstud: the disciplines of the student's plan in a semester.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getStudentDisciplinesQueryOptions, useStudentDisciplines] = referenceRead(
  '/api/umk/disciplinesforstud',
  [] as StudentDiscipline[],
  (params: MaterialStudentDisciplinesRequest | null) => params,
);
