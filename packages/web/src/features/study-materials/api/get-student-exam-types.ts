import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';
import type { UmkExamTypesRequest } from './study-materials-keys';

export type UmkExamType = components['schemas']['UmkExamType'];

const PATH = '/api/umk/getstudentexamtypes';
const NONE: UmkExamType[] = [];

/** POST /api/umk/getstudentexamtypes: the forms of control of a discipline of the student's plan. */
export function getStudentExamTypesQueryOptions(
  client: LmsClient,
  params: UmkExamTypesRequest | null,
) {
  return referenceQuery(PATH, params, (body) => client.post(PATH, { body }), NONE);
}

export function useStudentExamTypes(params: UmkExamTypesRequest | null) {
  return useQuery(getStudentExamTypesQueryOptions(useApiClient(), params));
}
