import type { LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { KEPT_OFFLINE } from '../../../lib/offline-cache';
import type { Journal } from '../utils/journal-calc';
import { journalKeys, type StudentJournalRequest } from './journal-keys';

const EMPTY: Journal = { resArray: [], data: [] };

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
