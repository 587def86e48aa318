import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';

export type UmkType = components['schemas']['UmkType'];

const PATH = '/api/umk/types';
const NONE: UmkType[] = [];

/** POST /api/umk/types: the kinds of study material (lectures, syllabus, ...). */
export function getUmkTypesQueryOptions(client: LmsClient) {
  return referenceQuery(PATH, {}, (body) => client.post(PATH, { body }), NONE);
}

export function useUmkTypes() {
  return useQuery(getUmkTypesQueryOptions(useApiClient()));
}
