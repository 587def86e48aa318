import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { useMemo } from 'react';
import { sessionUserQuery } from '../../features/session/api/authenticate';
import { useLazyQueryClient } from '../../lib/query/lazy-query-client';
import { offlinePersistence } from '../../lib/offline/offline-cache';
import { isPortalUser, type User } from '../../lib/session/roles';
import { ShellLayout } from './shell-layout';

/**
 * The shell's route component: TanStack Query's provider arrives with the shell (the shell's guard
 * has loaded the cache before this renders), so every screen inside it has the cache. The user's
 * data kept on this device is restored first (the screens' queries wait for it, a few ms), so
 * without a network the portal opens on what the user last read; online, it is refreshed.
 */
export function ShellRoute() {
  const queryClient = useLazyQueryClient().current;
  if (!queryClient) throw new Error('The shell rendered before its guard loaded the query cache');
  const user = queryClient.getQueryData<User | null>(sessionUserQuery.queryKey);
  const uid = isPortalUser(user) ? user.uid : null;
  const { persistOptions, onRestored } = useMemo(() => offlinePersistence(uid ?? 0), [uid]);
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      onSuccess={() => onRestored(queryClient)}
    >
      <ShellLayout />
    </PersistQueryClientProvider>
  );
}
