import type { components, LmsClient } from '@lms/client';
import type { User } from '../../../lib/session/roles';
import { rememberRetryAfter } from '../utils/login-error';

export type LoginRequest = components['schemas']['LoginRequest'];

/**
 * POST /api/auth/orize.json: log in with login and password. The login screen calls it directly
 * (no mutation hook), so TanStack Query stays out of /lms/login; see use-login-form.ts. A login
 * held back (429) keeps its Retry-After with the error, for the screen to say how long to wait.
 */
export async function authorize(client: LmsClient, body: LoginRequest): Promise<User | null> {
  let retryAfter: string | null = null;
  const readRetryAfter = {
    onResponse({ response }: { response: Response }) {
      retryAfter = response.headers.get('Retry-After');
    },
  };
  try {
    const user = await client.post('/api/auth/orize.json', { body, middleware: [readRetryAfter] });
    return user ?? null;
  } catch (error) {
    rememberRetryAfter(error, retryAfter);
    throw error;
  }
}
