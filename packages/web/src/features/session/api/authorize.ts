import type { components, LmsClient } from '@lms/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { isPortalUser, type User } from '../utils/roles';
import { storeSessionId } from '../utils/session-id';
import { sessionKeys } from './session-keys';

export type LoginRequest = components['schemas']['LoginRequest'];

/** POST /api/auth/orize.json: log in with login and password. */
export async function authorize(client: LmsClient, body: LoginRequest): Promise<User | null> {
  const user = await client.post('/api/auth/orize.json', { body });
  return user ?? null;
}

/**
 * Section 4: the request clears the user; success with a teacher or student stores the user and a
 * client-generated identifier. Any other role is left out (the login screen refuses it).
 */
export function useAuthorize() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginRequest) => authorize(client, body),
    onMutate: () => {
      queryClient.setQueryData(sessionKeys.user(), null);
    },
    onSuccess: (user) => {
      if (!isPortalUser(user)) return;
      queryClient.setQueryData(sessionKeys.user(), user);
      storeSessionId();
    },
  });
}
