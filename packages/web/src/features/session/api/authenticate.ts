import type { LmsClient } from '@lms/client';
import { readTokenCookie } from '../../../lib/session/session-cookies';
import type { User } from '../../../lib/session/roles';
import { rememberUser } from '../utils/stored-user';
import { sessionKeys } from './session-keys';

/** POST /api/auth/enticate.json: who the stored `token` cookie belongs to (null without one). */
export async function authenticate(client: LmsClient): Promise<User | null> {
  const token = readTokenCookie();
  if (!token) return null;
  const user = (await client.post('/api/auth/enticate.json', { body: { token } })) ?? null;
  rememberUser(user);
  return user;
}

/**
 * The signed-in user's entry in TanStack Query: a login writes it, authentication by the `token`
 * cookie fills it. It never goes stale and is tried once. A plain object rather than
 * `queryOptions()`, so the session guards use it without bringing TanStack Query to /lms/login;
 * the shell's hook is in use-session-user.ts.
 */
export const sessionUserQuery = {
  queryKey: sessionKeys.user(),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
  // Asked even when the browser reports no network: its failure opens the stored session at once.
  networkMode: 'always',
} as const;
