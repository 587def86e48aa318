import type { components, LmsClient } from '@lms/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { sessionKeys } from './session-keys';

export type LogoInfo = components['schemas']['LogoInfo'];

/** Section 9: the logo defaults to 30 % width and the name to 16 px. */
export const LOGO_DEFAULTS = { width: 30, fontsize: 16 } as const;

/** GET /api/logo.json: the login screen fetches it on mount. */
export function getLogoQueryOptions(client: LmsClient) {
  return queryOptions({
    queryKey: sessionKeys.logo(),
    queryFn: () => client.get('/api/logo.json'),
    staleTime: 5 * 60_000,
  });
}

export function useLogo() {
  const client = useApiClient();
  return useQuery(getLogoQueryOptions(client));
}
