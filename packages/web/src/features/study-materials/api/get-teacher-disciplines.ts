import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';
import type { UmkDisciplinesRequest } from './study-materials-keys';

export type UmkDiscipline = components['schemas']['UmkDiscipline'];

const PATH = '/api/umk/disciplines';
const NONE: UmkDiscipline[] = [];

/**
 * POST /api/umk/disciplines: the teacher's disciplines in a semester, one row per form of control
 * and speciality (a material is saved for exactly that row). `null` until a semester is chosen.
 */
export function getTeacherDisciplinesQueryOptions(
  client: LmsClient,
  params: UmkDisciplinesRequest | null,
) {
  return referenceQuery(PATH, params, (body) => client.post(PATH, { body }), NONE);
}

export function useTeacherDisciplines(params: UmkDisciplinesRequest | null) {
  return useQuery(getTeacherDisciplinesQueryOptions(useApiClient(), params));
}
