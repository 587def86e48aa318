import type { LmsClient } from '@lms/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { readTokenCookie } from '../../../lib/session-cookies';
import type { User } from '../utils/roles';
import { sessionKeys } from './session-keys';

/** POST /api/auth/enticate.json: who the stored `token` cookie belongs to. */
export async function authenticate(client: LmsClient, token: string): Promise<User | null> {
  const user = await client.post('/api/auth/enticate.json', { body: { token } });
  return user ?? null;
}

/**
 * The signed-in user. With no `token` cookie there is no one to ask about (null); with one, the
 * server authenticates it (section 4). A login writes this entry directly.
 */
export function getSessionUserQueryOptions(client: LmsClient) {
  return queryOptions({
    queryKey: sessionKeys.user(),
    queryFn: async (): Promise<User | null> => {
      const token = readTokenCookie();
      if (!token) return null;
      return (await client.post('/api/auth/enticate.json', { body: { token } })) ?? null;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

export function useSessionUser() {
  const client = useApiClient();
  return useQuery(getSessionUserQueryOptions(client));
}
