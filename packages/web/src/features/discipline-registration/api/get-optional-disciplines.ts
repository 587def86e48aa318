import type { components, LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import {
  disciplineRegistrationKeys,
  type OptionalDisciplinesRequest,
} from './discipline-registration-keys';

export type OptionalDiscipline = components['schemas']['RegOptionalDiscipline'];

/**
 * POST optional/disciplines: the optional disciplines not yet in the student's list; it changes
 * with every registration, so it lives with the list.
 */
export function getOptionalDisciplinesQueryOptions(
  client: LmsClient,
  params: OptionalDisciplinesRequest | null,
) {
  return queryOptions({
    queryKey: disciplineRegistrationKeys.optional(params ?? {}),
    queryFn: params
      ? async (): Promise<OptionalDiscipline[]> =>
          (await client.post('/api/regfordisciplines/optional/disciplines', { body: params })) ?? []
      : skipToken,
  });
}

export function useOptionalDisciplines(params: OptionalDisciplinesRequest | null) {
  return useQuery(getOptionalDisciplinesQueryOptions(useApiClient(), params));
}
