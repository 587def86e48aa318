import type { components, LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';
import { registrationKeys } from './registration-keys';

export type OptionalDiscipline = components['schemas']['RegOptionalDiscipline'];
export type OptionalDisciplinesRequest = components['schemas']['RegOptionalDisciplinesRequest'];

/** The permission attribute asked of optional/permission (assumed name, see the contract). */
export const OPTIONAL_REGISTRATION_ATTR = 'optionalRegistration';
const PERMISSION = '/api/regfordisciplines/optional/permission';

/** POST optional/permission: whether the student may add optional disciplines (false until known). */
export function getOptionalPermissionQueryOptions(client: LmsClient) {
  return referenceQuery(
    PERMISSION,
    { attr: OPTIONAL_REGISTRATION_ATTR },
    (body) => client.post(PERMISSION, { body }),
    false,
  );
}

export function useOptionalPermission() {
  return useQuery(getOptionalPermissionQueryOptions(useApiClient()));
}

/**
 * POST optional/disciplines: the optional disciplines not yet in the student's list; it changes
 * with every registration, so it lives with the list.
 */
export function getOptionalDisciplinesQueryOptions(
  client: LmsClient,
  params: OptionalDisciplinesRequest | null,
) {
  return queryOptions({
    queryKey: registrationKeys.optional(params ?? {}),
    queryFn: params
      ? async (): Promise<OptionalDiscipline[]> =>
          (await client.post('/api/regfordisciplines/optional/disciplines', { body: params })) ?? []
      : skipToken,
  });
}

export function useOptionalDisciplines(params: OptionalDisciplinesRequest | null) {
  return useQuery(getOptionalDisciplinesQueryOptions(useApiClient(), params));
}
