import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import { forgetReturn } from '../../../lib/session/return-path';
import { tellSignedOut } from '../../../lib/session/session-tabs';
import { forgetUnsentWork } from '../../../lib/offline/unsent-work';
import { endLocalSession } from '../utils/end-local-session';
import { logout } from './logout';

/**
 * Logout clears all local storage and the user, and what the person left unsent on this device
 * (waiting writes, drafts). Local state goes even when the server cannot be told (offline), so the
 * next person at this browser starts signed out and finds nothing of theirs.
 */
export function useLogout(owner: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout(client),
    // Offline the request fails at once instead of waiting for the network: signing out of a
    // shared computer must not depend on reaching the server.
    networkMode: 'always',
    onSettled: () => {
      // Signing out on purpose is not an interrupted session: the next sign-in starts afresh.
      forgetReturn();
      endLocalSession(queryClient);
      // The other tabs share the session that just ended: they open the login page too.
      tellSignedOut();
      return forgetUnsentWork(owner);
    },
  });
}
