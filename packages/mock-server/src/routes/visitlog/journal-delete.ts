import { fail, getBody, okFor, type AppContext } from '../../http.js';
import { journalOf } from '../../world/visitlog/visitlog.js';
import type { RouteDeps } from '../route-deps.js';
import { teacherClass } from './teacher-class.js';

/** Deletes a lesson date of the signed-in teacher's class, with every mark on it. */
export const visitlogDeleteJournalDate =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const body = getBody<'visitlogDeleteJournalDate'>(c);
    const found = teacherClass(c, store, body);
    if ('denied' in found) return found.denied;
    const { lessons } = journalOf(store, found.cls);
    if (!lessons.delete(body.visitDate)) return fail(c, 404, 'Not found: no lesson on this date');
    return okFor<'visitlogDeleteJournalDate'>(c, true);
  };
