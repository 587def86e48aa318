import type { components, LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { AcademicContext } from '../../../lib/academic-context/use-academic-context';
import { chosenOrFirst } from '../../../lib/pickers';
import { REFERENCE_STALE_MS } from '../../../lib/reference-data/keys';
import type { Assessment, JournalClass } from '../utils/journal-class';
import { journalKeys } from './journal-keys';
import { KEPT_OFFLINE } from '../../../lib/offline-cache';

export type KindsRequest = components['schemas']['VisitLogVidZaniatiyRequest'];
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

/**
 * The class of the journal: the academic context's discipline, semester and group or stream, the
 * teacher (the signed-in one, or the one a student chose), then the kind of lesson (the chosen
 * one while offered, else the first). `kinds` is null until the links above it are known; `cls`
 * is null until a kind is.
 */
export function useJournalClass(
  academic: Pick<AcademicContext, 'discipline' | 'semester' | 'group'>,
  id_teacher: number | null,
  chosenKind: number | null,
) {
  const { discipline, semester, group } = academic;
  const request: KindsRequest | null =
    id_teacher !== null && discipline && semester && group
      ? {
          id_teacher,
          id_discipline: discipline.id_discipline,
          id_groupOrPorok: group.id_group,
          isPotok: group.isPotok ?? false,
          id_semesterOrWs: semester.id_semester,
        }
      : null;
  const kinds = useLessonKinds(request);
  const kind = chosenOrFirst(kinds.data, chosenKind, (item) => item.id_vid_zaniatiy);
  const cls: JournalClass | null =
    request && discipline && kind
      ? { ...request, credits: discipline.kredits, id_vid_zaniatiy: kind.id_vid_zaniatiy }
      : null;
  return { kinds: request ? kinds : null, kind, cls };
}
