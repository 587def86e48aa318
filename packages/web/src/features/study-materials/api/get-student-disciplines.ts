import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';
import type { UmkStudentDisciplinesRequest } from './study-materials-keys';

export type StudentDiscipline = components['schemas']['Discipline'];

const PATH = '/api/umk/disciplinesforstud';
const NONE: StudentDiscipline[] = [];

/** POST /api/umk/disciplinesforstud: the disciplines of the student's plan in a semester. */
export function getStudentDisciplinesQueryOptions(
  client: LmsClient,
  params: UmkStudentDisciplinesRequest | null,
) {
  return referenceQuery(PATH, params, (body) => client.post(PATH, { body }), NONE);
}

export function useStudentDisciplines(params: UmkStudentDisciplinesRequest | null) {
  return useQuery(getStudentDisciplinesQueryOptions(useApiClient(), params));
}
