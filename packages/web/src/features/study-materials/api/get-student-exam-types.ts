import type { components } from '@lms/client';
import { referenceRead } from '../../../lib/reference-data/keys';
import type { MaterialExamTypesRequest } from './study-materials-keys';

export type MaterialExamType = components['schemas']['UmkExamType'];

/**
 * POST /api/umk/getstudentexamtypes: the forms of control of a discipline of the student's plan.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getStudentExamTypesQueryOptions, useStudentExamTypes] = referenceRead(
  '/api/umk/getstudentexamtypes',
  [] as MaterialExamType[],
  (params: MaterialExamTypesRequest | null) => params,
);
