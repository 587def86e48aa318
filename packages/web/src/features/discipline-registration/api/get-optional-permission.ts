import { referenceRead } from '../../../lib/reference-data/keys';

/** The permission attribute asked of optional/permission (assumed name, see the contract). */
export const OPTIONAL_REGISTRATION_ATTR = 'optionalRegistration';

/**
 * POST optional/permission: whether the student may add optional disciplines (false until known).
 * @public its query options stand beside its hook, as every read's do
 */
export const [getOptionalPermissionQueryOptions, useOptionalPermission] = referenceRead(
  '/api/regfordisciplines/optional/permission',
  false,
  () => ({ attr: OPTIONAL_REGISTRATION_ATTR }),
);
