import type { LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { Journal } from '../utils/journal-calc';
import { journalKeys, type JournalRequest } from './journal-keys';

const EMPTY: Journal = { resArray: [], data: [] };

/** POST visitlog/getjournal: a class's dates and one row of marks per student (teachers). */
export function getJournalQueryOptions(client: LmsClient, request: JournalRequest | null) {
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

export function useJournal(request: JournalRequest | null) {
  return useQuery(getJournalQueryOptions(useApiClient(), request));
}
