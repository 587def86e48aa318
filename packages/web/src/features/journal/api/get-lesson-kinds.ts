import type { components } from '@lms/client';
import { KEPT_OFFLINE } from '../../../lib/offline/offline-cache';
import { postRead } from '../../../lib/query/post-read';
import { REFERENCE_STALE_MS } from '../../../lib/reference-data/keys';
import { journalKeys, type KindsRequest } from './journal-keys';

export type LessonKind = components['schemas']['VisitLogVidZaniatiy'];

/**
 * POST visitlog/getvidzaniatiy: the kinds of lesson (lecture, practice, lab) the teacher holds in
 * the discipline for the group or stream; a student asks for the teacher they chose.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getKindsQueryOptions, useLessonKinds] = postRead(
  '/api/visitlog/getvidzaniatiy',
  [] as LessonKind[],
  {
    ...KEPT_OFFLINE,
    key: (body: KindsRequest | null) => journalKeys.kinds(body ?? {}),
    staleTime: REFERENCE_STALE_MS,
  },
);
