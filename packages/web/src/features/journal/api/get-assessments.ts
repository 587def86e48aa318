import { postRead } from '../../../lib/query/post-read';
import { REFERENCE_STALE_MS } from '../../../lib/reference-data/keys';
import type { Assessment } from '../utils/journal-class';
import { journalKeys } from './journal-keys';

/**
 * POST visitlog/getassessments: the marks allowed for a kind of lesson, 'н/б' included.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getAssessmentsQueryOptions, useAssessments] = postRead(
  '/api/visitlog/getassessments',
  [] as Assessment[],
  {
    body: (id_vid_zaniatiy: number | null) =>
      id_vid_zaniatiy === null ? null : { id_vid_zaniatiy },
    key: (id_vid_zaniatiy) => journalKeys.assessments(id_vid_zaniatiy ?? -1),
    staleTime: REFERENCE_STALE_MS,
  },
);
