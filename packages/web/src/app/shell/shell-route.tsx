import { QueryClientProvider } from '@tanstack/react-query';
import { useLazyQueryClient } from '../../lib/lazy-query-client';
import { ShellLayout } from './shell-layout';

/**
 * The shell's route component: TanStack Query's provider arrives with the shell (the shell's guard
 * has loaded the cache before this renders), so every screen inside it has the cache.
 */
export function ShellRoute() {
  const queryClient = useLazyQueryClient().current;
  if (!queryClient) throw new Error('The shell rendered before its guard loaded the query cache');
  return (
    <QueryClientProvider client={queryClient}>
      <ShellLayout />
    </QueryClientProvider>
  );
}
