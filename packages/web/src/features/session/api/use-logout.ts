import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { clearTokenCookie } from '../../../lib/session-cookies';
import { clearStorage } from '../../../lib/storage';
import { persistPreferences } from '../../../lib/ui-state';
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
      clearStorage();
      persistPreferences();
      clearTokenCookie();
      queryClient.clear();
    },
  });
}
