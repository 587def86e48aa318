// Area "visitlog": kinds of lesson and mark options, the students of a class for a lesson date, the
// journal (teacher's and student's), and the writes: one visit, a whole class for a date, deleting
// a date. Only the teacher of a class reads its lists and journal or writes it (403 otherwise); a
// student reads only their own row.
// One handler per operation in routes/visitlog/, its file named by the path after /api/visitlog/
// (a `/` in it made `-`), beside what several share: teacher-class.ts, bad-mark.ts.
import { createRouter } from '../http.js';
import type { RouteDeps } from './route-deps.js';
import { visitlogGetAssessments } from './visitlog/getassessments.js';
import { visitlogGetJournal } from './visitlog/getjournal.js';
import { visitlogGetJournalForStudent } from './visitlog/getjournalforstudent.js';
import { visitlogGetStudentsList } from './visitlog/getstudentslist.js';
import { visitlogGetStudentsListSubgroup } from './visitlog/getstudentslistsubgroup.js';
import { visitlogGetStudentsListSubgroupUpdate } from './visitlog/getstudentslistsubgroupupdate.js';
import { visitlogGetVidZaniatiy } from './visitlog/getvidzaniatiy.js';
import { visitlogDeleteJournalDate } from './visitlog/journal-delete.js';
import { visitlogInsertAllVisits } from './visitlog/studentvisitinsertall.js';
import { visitlogUpdateVisit } from './visitlog/studentvisitupdate.js';

export const visitlogRoutes = (deps: RouteDeps) =>
  createRouter()
    .post('/api/visitlog/getvidzaniatiy', visitlogGetVidZaniatiy(deps))
    .post('/api/visitlog/getassessments', visitlogGetAssessments)
    .post('/api/visitlog/getstudentslist', visitlogGetStudentsList(deps))
    .post('/api/visitlog/getstudentslistsubgroup', visitlogGetStudentsListSubgroup(deps))
    .post(
      '/api/visitlog/getstudentslistsubgroupupdate',
      visitlogGetStudentsListSubgroupUpdate(deps),
    )
    .post('/api/visitlog/getjournal', visitlogGetJournal(deps))
    .post('/api/visitlog/getjournalforstudent', visitlogGetJournalForStudent(deps))
    .post('/api/visitlog/studentvisitupdate', visitlogUpdateVisit(deps))
    .post('/api/visitlog/studentvisitinsertall', visitlogInsertAllVisits(deps))
    .post('/api/visitlog/journal/delete', visitlogDeleteJournalDate(deps));
