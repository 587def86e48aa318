import type { components, LmsClient } from '@lms/client';
import {
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { Journal } from '../utils/journal-calc';
import type { JournalClass } from '../utils/journal-class';
import { journalKeys } from './journal-keys';
import { KEPT_OFFLINE } from '../../../lib/offline-cache';

export type StudentJournalRequest = components['schemas']['VisitLogStudentJournalRequest'];

const EMPTY: Journal = { resArray: [], data: [] };

/** POST visitlog/getjournal: a class's dates and one row of marks per student (teachers). */
export function getJournalQueryOptions(
  client: LmsClient,
  request: { cls: JournalClass; subgroup: number } | null,
) {
  return queryOptions({
    queryKey: journalKeys.table(request ?? {}),
    queryFn: request
      ? async (): Promise<Journal> =>
          (await client.post('/api/visitlog/getjournal', {
            body: { ...request.cls, subgroup: request.subgroup },
          })) ?? EMPTY
      : skipToken,
  });
}

export function useJournal(request: { cls: JournalClass; subgroup: number } | null) {
  return useQuery(getJournalQueryOptions(useApiClient(), request));
}

/** POST visitlog/getjournalforstudent: the signed-in student's own row (others answer 403). */
export function getStudentJournalQueryOptions(
  client: LmsClient,
  body: StudentJournalRequest | null,
) {
  return queryOptions({
    ...KEPT_OFFLINE,
    queryKey: journalKeys.student(body ?? {}),
    queryFn: body
      ? async (): Promise<Journal> =>
          (await client.post('/api/visitlog/getjournalforstudent', { body })) ?? EMPTY
      : skipToken,
  });
}

export function useStudentJournal(body: StudentJournalRequest | null) {
  return useQuery(getStudentJournalQueryOptions(useApiClient(), body));
}

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
