import { getBody, okFor, type AppContext } from '../../http.js';
import {
  NO_MARK,
  classStudents,
  inSubgroup,
  journalColumns,
  journalOf,
  otsenkaOf,
} from '../../world/visitlog/visitlog.js';
import type { RouteDeps } from '../route-deps.js';
import { teacherClass } from './teacher-class.js';

/**
 * What is stored for the date, for editing; a student without an entry shows as present,
 * unmarked, with the date's hours (2 for a date not held yet).
 */
export const visitlogGetStudentsListSubgroupUpdate =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const body = getBody<'visitlogGetStudentsListSubgroupUpdate'>(c);
    const found = teacherClass(c, store, body);
    if ('denied' in found) return found.denied;
    const journal = journalOf(store, found.cls);
    const marks = journal.lessons.get(body.visitDate);
    const hours =
      journalColumns(journal).find((col) => col.visitDate === body.visitDate)?.timesCount ?? 2;
    return okFor<'visitlogGetStudentsListSubgroupUpdate'>(
      c,
      classStudents(store, found.cls)
        .filter((s) => inSubgroup(s, body.subgroup))
        .map((student) => {
          const entry = marks?.get(student.id);
          return {
            id_student: student.id,
            s_fio: student.fullName,
            id_group: student.id_group,
            isVisited: entry?.isVisited ?? true,
            id_otsenka: entry?.id_otsenka ?? NO_MARK,
            otsenka: otsenkaOf(entry),
            timesCount: entry?.timesCount ?? hours,
          };
        }),
    );
  };
