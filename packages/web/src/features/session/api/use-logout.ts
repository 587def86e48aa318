import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { forgetReturn } from '../../../lib/return-path';
import { endLocalSession } from '../utils/end-local-session';
import { logout } from './logout';

/**
 * Section 4: logout clears all local storage and the user. Local state goes even when the server
 * cannot be told (offline), so the next person at this browser starts signed out.
 */
export function useLogout() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout(client),
    onSettled: () => {
      // Signing out on purpose is not an interrupted session: the next sign-in starts afresh.
      forgetReturn();
      endLocalSession(queryClient);
    },
  });
}
