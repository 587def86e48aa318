// Journal: a lesson date created for the whole class, one student marked absent, the date deleted.
import { ROLE_TEACHER } from '../lib/roles.js';
import { teacherClass } from '../discovery.js';
import { list, type Read, type Scenario } from './scenario.js';

export async function visitlog(s: Scenario) {
  const ids = ['visitlogInsertAllVisits', 'visitlogUpdateVisit', 'visitlogDeleteJournalDate'];
  const found = await teacherClass(s.run);
  if (!found) return ids.forEach((id) => s.skip(id, 'no class of the teacher with lesson dates'));
  const { klass, dates } = found;
  const readJournal: Read = () =>
    s.read('visitlogGetJournal', ROLE_TEACHER, { ...klass, subgroup: 0 });
  const last = dates.at(-1)!;
  // a day among the class's own dates that has no lesson yet: created here, deleted below
  const day = [1, 2, 3, 4, 5, 6]
    .map((back) =>
      new Date(Date.parse(`${last}T00:00:00Z`) - back * 86_400_000).toISOString().slice(0, 10),
    )
    .find((date) => !dates.includes(date) && date > (dates[0] ?? ''));
  if (!day) return ids.forEach((id) => s.skip(id, 'no free day among the lesson dates'));
  const students = list(
    await s.read('visitlogGetStudentsList', ROLE_TEACHER, { ...klass, visitDate: day }),
  );
  if (students.length === 0) return ids.forEach((id) => s.skip(id, 'the class has no students'));
  const visits = students.map((student) => ({
    ...klass,
    id_student: student.id_student,
    visitDate: day,
    isVisited: true,
    timesCount: 2,
    id_otsenka: -1,
  }));
  type JournalData = {
    resArray?: { visitDate: string }[];
    data?: { id_student: number; dates: { visitDate: string; otsenka: string }[] }[];
  } | null;
  const hasDay = (data: unknown) =>
    ((data as JournalData)?.resArray ?? []).some((d) => d.visitDate === day);
  const inserted = await s.write(
    'visitlogInsertAllVisits',
    ROLE_TEACHER,
    { body: { visits } },
    readJournal,
  );
  if (!inserted) return ids.slice(1).forEach((id) => s.skip(id, 'the lesson date was not created'));
  await s.shows('visitlogInsertAllVisits', readJournal, hasDay, `the new lesson date ${day}`);
  const first = visits[0]!;
  const markOf = (data: unknown) =>
    (data as JournalData)?.data
      ?.find((row) => row.id_student === first.id_student)
      ?.dates.find((d) => d.visitDate === day)?.otsenka;
  const updated = await s.write(
    'visitlogUpdateVisit',
    ROLE_TEACHER,
    { body: { ...first, isVisited: false } },
    readJournal,
  );
  if (updated) {
    await s.shows(
      'visitlogUpdateVisit',
      readJournal,
      (data) => markOf(data) === 'н/б',
      'the student absent',
    );
  }
  const removed = await s.write(
    'visitlogDeleteJournalDate',
    ROLE_TEACHER,
    { body: { ...klass, visitDate: day } },
    readJournal,
  );
  if (removed) {
    await s.shows(
      'visitlogDeleteJournalDate',
      readJournal,
      (data) => !hasDay(data),
      'the lesson date gone',
    );
  }
}
