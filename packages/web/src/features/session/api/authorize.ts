import type { components, LmsClient } from '@lms/client';
import type { User } from '../../../lib/roles';

export type LoginRequest = components['schemas']['LoginRequest'];

/**
 * POST /api/auth/orize.json: log in with login and password. The login screen calls it directly
 * (no mutation hook), so TanStack Query stays out of /lms/login; see use-login-form.ts.
 */
export async function authorize(client: LmsClient, body: LoginRequest): Promise<User | null> {
  const user = await client.post('/api/auth/orize.json', { body });
  return user ?? null;
}
