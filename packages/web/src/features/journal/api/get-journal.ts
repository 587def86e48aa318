import { postRead } from '../../../lib/query/post-read';
import { EMPTY_JOURNAL } from '../utils/journal-calc';
import { journalKeys, type JournalRequest } from './journal-keys';

/**
 * POST visitlog/getjournal: a class's dates and one row of marks per student (teachers).
 * @public its query options stand beside its hook, as every read's do
 */
export const [getJournalQueryOptions, useJournal] = postRead(
  '/api/visitlog/getjournal',
  EMPTY_JOURNAL,
  {
    body: (request: JournalRequest | null) =>
      request && { ...request.cls, subgroup: request.subgroup },
    key: (request) => journalKeys.table(request ?? {}),
  },
);
