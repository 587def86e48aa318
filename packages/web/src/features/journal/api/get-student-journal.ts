import { KEPT_OFFLINE } from '../../../lib/offline/offline-cache';
import { postRead } from '../../../lib/query/post-read';
import { EMPTY_JOURNAL } from '../utils/journal-calc';
import { journalKeys, type StudentJournalRequest } from './journal-keys';

/**
 * POST visitlog/getjournalforstudent: the signed-in student's own row (others answer 403).
 * @public its query options stand beside its hook, as every read's do
 */
export const [getStudentJournalQueryOptions, useStudentJournal] = postRead(
  '/api/visitlog/getjournalforstudent',
  EMPTY_JOURNAL,
  { ...KEPT_OFFLINE, key: (body: StudentJournalRequest | null) => journalKeys.student(body ?? {}) },
);
