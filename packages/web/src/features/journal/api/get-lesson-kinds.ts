import type { components, LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { KEPT_OFFLINE } from '../../../lib/offline-cache';
import { REFERENCE_STALE_MS } from '../../../lib/reference-data/keys';
import { journalKeys, type KindsRequest } from './journal-keys';

export type LessonKind = components['schemas']['VisitLogVidZaniatiy'];

/**
 * POST visitlog/getvidzaniatiy: the kinds of lesson (lecture, practice, lab) the teacher holds in
 * the discipline for the group or stream; a student asks for the teacher they chose.
 */
export function getKindsQueryOptions(client: LmsClient, body: KindsRequest | null) {
  return queryOptions({
    ...KEPT_OFFLINE,
    queryKey: journalKeys.kinds(body ?? {}),
    queryFn: body
      ? async (): Promise<LessonKind[]> =>
          (await client.post('/api/visitlog/getvidzaniatiy', { body })) ?? []
      : skipToken,
    staleTime: REFERENCE_STALE_MS,
  });
}

export function useLessonKinds(body: KindsRequest | null) {
  return useQuery(getKindsQueryOptions(useApiClient(), body));
}
