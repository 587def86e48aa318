// Area "discipline": the reference-data chain of the chat screen. Current year and ws lists, then by
// role the disciplines, semesters, groups and streams of the signed-in teacher or student, and the
// contacts of the active group or stream with their unread counts (from the chat slice).
// The session says whose data it is; x-owner (src/ownership.ts) has made the body's uid / id_group
// name it.
import { createRouter, getBody, getSession, okFor } from '../http.js';
import { calendarSlice } from '../world/core/calendar.js';
import { chatSlice } from '../world/chat/chat-planning.js';
import { unreadByContact } from '../world/chat/chat-queries.js';
import {
  currentWsList,
  currentYearList,
  disciplineSlice,
  distinct,
  groupsOf,
  selectOfferings,
  toDisciplineItem,
  toGroupItem,
  toSemesterItem,
  toStreamItem,
} from '../world/discipline/discipline.js';
import { isStudent, isTeacher } from '../world/core/roles.js';
import { whoIs } from '../world/core/sessions.js';
import type { Store } from '../world/core/store.js';
import { universitySlice, type Student, type Teacher } from '../world/core/university.js';
import type { RouteDeps } from './route-deps.js';

const byName = new Intl.Collator('ru');

/**
 * The offerings the signed-in person teaches (teacher) or studies in (student's group) in a year
 * and ws, and in a discipline and semester when `where` names them.
 */
function offeringsOf(
  store: Store,
  person: Teacher | Student,
  where: Parameters<typeof selectOfferings>[1],
) {
  const index = store.get(disciplineSlice);
  const offerings = isTeacher(person)
    ? index.offeringsByTeacher.get(person.id)
    : index.offeringsByGroup.get(person.id_group);
  return selectOfferings(offerings, where);
}

/** Distinct disciplines of the person's offerings in a year and ws, in curriculum order. */
function disciplinesOf(store: Store, person: Teacher | Student, year: number, ws: number) {
  const { disciplineById } = store.get(calendarSlice);
  const offerings = offeringsOf(store, person, { year, ws });
  return distinct(offerings, (o) => o.id_discipline).flatMap((o) => {
    const discipline = disciplineById.get(o.id_discipline);
    return discipline ? [toDisciplineItem(discipline)] : [];
  });
}

/** Semesters (newest first) in which the person has the discipline in a year and ws. */
function semestersOf(
  store: Store,
  person: Teacher | Student,
  { year, ws, id_discipline }: { year: number; ws: number; id_discipline: number },
) {
  const offerings = offeringsOf(store, person, { year, ws, id_discipline });
  const ids = [...new Set(offerings.map((o) => o.id_semester))].sort((a, b) => b - a);
  return ids.map(toSemesterItem);
}

/** People as the reader's chat contacts, by name, with the unread count from each. */
function contactsOf(
  store: Store,
  reader: Teacher | Student,
  { year, ws, id_discipline }: { year: number; ws: number; id_discipline: number },
  people: (Teacher | Student)[],
) {
  const unread = unreadByContact(store.get(chatSlice), reader, year, ws, id_discipline);
  return people
    .sort((a, b) => byName.compare(a.fullName, b.fullName))
    .map((p) => ({
      idid: p.id,
      fio: p.fullName,
      countMessages: unread.get(p.id) ?? 0,
      id_type: p.role,
      faculty: p.id_faculty,
      ...(isStudent(p) && { group: p.id_group }),
    }));
}

export const disciplineRoutes = ({ store }: RouteDeps) =>
  createRouter()
    .get('/api/discipline/current/ws.json', (c) =>
      okFor<'disciplineGetCurrentWs'>(c, currentWsList()),
    )

    .get('/api/discipline/current/year.json', (c) =>
      okFor<'disciplineGetCurrentYear'>(c, currentYearList()),
    )

    .post('/api/discipline/list', (c) => {
      const { year, ws } = getBody<'disciplineGetTeacherList'>(c);
      const { person } = whoIs(store, getSession(c));
      return okFor<'disciplineGetTeacherList'>(
        c,
        isTeacher(person) ? disciplinesOf(store, person, year, ws) : [],
      );
    })

    .post('/api/discipline/forStudentDisciplinelist', (c) => {
      const { year, ws } = getBody<'disciplineGetStudentList'>(c);
      const { person } = whoIs(store, getSession(c));
      return okFor<'disciplineGetStudentList'>(
        c,
        isStudent(person) ? disciplinesOf(store, person, year, ws) : [],
      );
    })

    .post('/api/discipline/semester/list', (c) => {
      const { person } = whoIs(store, getSession(c));
      return okFor<'disciplineGetSemesters'>(
        c,
        semestersOf(store, person, getBody<'disciplineGetSemesters'>(c)),
      );
    })

    .post('/api/discipline/studentSemester/list', (c) => {
      const { person } = whoIs(store, getSession(c));
      return okFor<'disciplineGetStudentSemesters'>(
        c,
        semestersOf(store, person, getBody<'disciplineGetStudentSemesters'>(c)),
      );
    })

    // The groups, then the streams of which the teacher teaches more than one group together.
    .post('/api/discipline/group/list', (c) => {
      const body = getBody<'disciplineGetGroups'>(c);
      const { person } = whoIs(store, getSession(c));
      const { groupById, streamById } = store.get(universitySlice);
      const offerings = offeringsOf(store, person, body);
      const groups = distinct(offerings, (o) => o.id_group)
        .flatMap((o) => groupById.get(o.id_group) ?? [])
        .sort((a, b) => byName.compare(a.name, b.name));
      const streams = distinct(groups, (g) => g.id_stream).flatMap((g) => {
        const stream = streamById.get(g.id_stream);
        const taught = groups.filter((other) => other.id_stream === g.id_stream).length;
        return stream && taught > 1 ? [stream] : [];
      });
      return okFor<'disciplineGetGroups'>(c, [
        ...groups.map(toGroupItem),
        ...streams.map(toStreamItem),
      ]);
    })

    // The student's group and its stream, when the group studies the discipline that semester.
    .post('/api/discipline/studentGroup/list', (c) => {
      const body = getBody<'disciplineGetStudentGroups'>(c);
      const { person } = whoIs(store, getSession(c));
      if (!isStudent(person)) return okFor<'disciplineGetStudentGroups'>(c, []);
      const { groupById, streamById } = store.get(universitySlice);
      const offerings = offeringsOf(store, person, body);
      const group = groupById.get(person.id_group);
      if (!group || offerings.length === 0) return okFor<'disciplineGetStudentGroups'>(c, []);
      const stream = streamById.get(group.id_stream);
      const items = [toGroupItem(group)];
      if (stream && stream.groupIds.length > 1) items.push(toStreamItem(stream));
      return okFor<'disciplineGetStudentGroups'>(c, items);
    })

    // The students of a group or stream the teacher teaches the discipline to, by name.
    .post('/api/discipline/students/list', (c) => {
      const body = getBody<'disciplineGetStudents'>(c);
      const { person } = whoIs(store, getSession(c));
      const university = store.get(universitySlice);
      const taught = new Set(offeringsOf(store, person, body).map((o) => o.id_group));
      const groups = groupsOf(university, body.id_group, body.isPotok).filter((g) =>
        taught.has(g.id_group),
      );
      const students = groups.flatMap((g) => university.studentsByGroup.get(g.id_group) ?? []);
      return okFor<'disciplineGetStudents'>(c, contactsOf(store, person, body, students));
    })

    // The teachers of the discipline for the student's group (asked for the group or its stream).
    .post('/api/discipline/teachers/list', (c) => {
      const body = getBody<'disciplineGetTeachers'>(c);
      const { person } = whoIs(store, getSession(c));
      if (!isStudent(person)) return okFor<'disciplineGetTeachers'>(c, []);
      const university = store.get(universitySlice);
      const ownGroup = groupsOf(university, body.id_group, body.isPotok).some(
        (g) => g.id_group === person.id_group,
      );
      if (!ownGroup) return okFor<'disciplineGetTeachers'>(c, []);
      const offerings = offeringsOf(store, person, body);
      const teachers = distinct(offerings, (o) => o.id_teacher).flatMap(
        (o) => university.teacherById.get(o.id_teacher) ?? [],
      );
      return okFor<'disciplineGetTeachers'>(c, contactsOf(store, person, body, teachers));
    });
