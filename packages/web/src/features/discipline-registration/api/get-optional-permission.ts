import type { LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';

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
