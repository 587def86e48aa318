import type { LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { REFERENCE_STALE_MS } from '../../../lib/reference-data/keys';
import type { Assessment } from '../utils/journal-class';
import { journalKeys } from './journal-keys';

/** POST visitlog/getassessments: the marks allowed for a kind of lesson, 'н/б' included. */
export function getAssessmentsQueryOptions(client: LmsClient, id_vid_zaniatiy: number | null) {
  return queryOptions({
    queryKey: journalKeys.assessments(id_vid_zaniatiy ?? -1),
    queryFn:
      id_vid_zaniatiy !== null
        ? async (): Promise<Assessment[]> =>
            (await client.post('/api/visitlog/getassessments', { body: { id_vid_zaniatiy } })) ?? []
        : skipToken,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useAssessments(id_vid_zaniatiy: number | null) {
  return useQuery(getAssessmentsQueryOptions(useApiClient(), id_vid_zaniatiy));
}
