import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import type { JournalClass } from '../utils/journal-class';
import { journalKeys } from './journal-keys';

/** POST visitlog/journal/delete: every student's entry of the class on that date goes. */
export function useDeleteJournalDate() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: JournalClass & { visitDate: string }) => {
      await client.post('/api/visitlog/journal/delete', { body });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: journalKeys.classes() }),
  });
}
