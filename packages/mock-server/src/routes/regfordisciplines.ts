// Area "regfordisciplines": a student's registration rows per year and semester (plan rows, then
// electives), the teachers and streams offered for a row, saving and cancelling a registration,
// and the optional-registration permission with its disciplines, teachers and streams.
import { createRouter, fail, getBody, getSession, okFor, type AppContext } from '../http.js';
import { academicYears, currentYear, semesters, toAcademicYear } from '../world/core/calendar.js';
import {
  courseOf,
  findRegistration,
  groupSemesters,
  hasOptionalPermission,
  regfordisciplinesSlice,
  studentRows,
  OPTIONAL_REGISTRATION_ATTR,
} from '../world/regfordisciplines/regfordisciplines.js';
import {
  inSemester,
  streamOptions,
  teacherOptions,
  toRow,
} from '../world/regfordisciplines/regfordisciplines-queries.js';
import { isStudent } from '../world/core/roles.js';
import { whoIs } from '../world/core/sessions.js';
import type { Store } from '../world/core/store.js';
import { groupOf, universitySlice, type Student } from '../world/core/university.js';
import type { RouteDeps } from './route-deps.js';

/** The signed-in student (x-roles [2] operations only reach handlers for students). */
function student(store: Store, c: AppContext): Student {
  const { person } = whoIs(store, getSession(c));
  if (!isStudent(person)) throw new Error(`${c.req.path} reached a handler for a teacher`);
  return person;
}

// The session says who is asking; x-owner (src/ownership.ts) has made the body's uid and a
// student's id_group name it.
export const regfordisciplinesRoutes = ({ store }: RouteDeps) =>
  createRouter()
    .post('/api/regfordisciplines/getdefyear', (c) => {
      getBody<'regfordisciplinesGetDefYear'>(c);
      return okFor<'regfordisciplinesGetDefYear'>(c, toAcademicYear(currentYear()));
    })

    // A student's years run from the intake to now; a teacher gets every year.
    .post('/api/regfordisciplines/getyears', (c) => {
      const { person } = whoIs(store, getSession(c));
      const group = groupOf(store.get(universitySlice), person);
      const years = academicYears.filter((y) => !group || y.startYear >= group.intakeYear);
      return okFor<'regfordisciplinesGetYears'>(c, years.map(toAcademicYear).reverse());
    })

    .post('/api/regfordisciplines/getsemesters', (c) => {
      const { id_group, id_a_year } = getBody<'regfordisciplinesGetSemesters'>(c);
      const group = store.get(universitySlice).groupById.get(id_group);
      const registration = store.get(regfordisciplinesSlice);
      const pairs = group ? groupSemesters(registration, group) : [];
      return okFor<'regfordisciplinesGetSemesters'>(
        c,
        pairs
          .filter((pair) => pair.id_a_year === id_a_year)
          .flatMap(({ id_semester }) => semesters.filter((s) => s.id_semester === id_semester)),
      );
    })

    .post('/api/regfordisciplines/getreglist', (c) => {
      const body = getBody<'regfordisciplinesGetRegList'>(c);
      const me = student(store, c);
      const registration = store.get(regfordisciplinesSlice);
      const { teacherById } = store.get(universitySlice);
      const rows = studentRows(store, me).filter(
        (row) => row.id_group === body.id_group && inSemester(row, body),
      );
      const ordered = [...rows.filter((r) => r.isByPlan), ...rows.filter((r) => !r.isByPlan)];
      return okFor<'regfordisciplinesGetRegList'>(
        c,
        ordered.map((row, i) => toRow(registration, teacherById, row, i + 1)),
      );
    })

    .post('/api/regfordisciplines/getteachersforregel', (c) => {
      const body = getBody<'regfordisciplinesGetTeachersForRegEl'>(c);
      return okFor<'regfordisciplinesGetTeachersForRegEl'>(
        c,
        teacherOptions(store, courseOf(store.get(regfordisciplinesSlice), body)),
      );
    })

    .post('/api/regfordisciplines/getsubgroupsforregel', (c) =>
      okFor<'regfordisciplinesGetSubgroupsForRegEl'>(
        c,
        streamOptions(store, getBody<'regfordisciplinesGetSubgroupsForRegEl'>(c)),
      ),
    )

    .post('/api/regfordisciplines/saveregistration', (c) => {
      const body = getBody<'regfordisciplinesSaveRegistration'>(c);
      const me = student(store, c);
      const university = store.get(universitySlice);
      const registration = store.get(regfordisciplinesSlice);
      if (body.id_group !== me.id_group) {
        return fail(c, 403, 'Forbidden: students register only in their own group');
      }
      if (!body.isByPlan && !hasOptionalPermission(university, me, OPTIONAL_REGISTRATION_ATTR)) {
        return fail(c, 403, 'Forbidden: no permission to register for optional disciplines');
      }
      const rows = studentRows(store, me);
      const semesterRows = rows.filter((row) => inSemester(row, body));
      if (semesterRows.every((row) => !row.isByPlan)) {
        return fail(c, 400, 'body/id_semester: the group does not study this semester');
      }
      const same = semesterRows.filter((row) => row.id_discipline === body.id_discipline);
      if (
        body.isByPlan &&
        !same.some((row) => row.isByPlan && row.id_vid_zaniatiy === body.id_vid_zaniatiy)
      ) {
        return fail(c, 400, 'body/id_discipline: not in the study plan of this semester');
      }
      if (!body.isByPlan && same.some((row) => row.isByPlan)) {
        return fail(c, 400, 'body/id_discipline: already in the study plan of this semester');
      }
      if (!body.isByPlan && !registration.electiveById.has(body.id_discipline)) {
        return fail(c, 400, 'body/id_discipline: not an optional discipline');
      }
      const existing = same.find((row) => row.id_vid_zaniatiy === body.id_vid_zaniatiy);
      const course = courseOf(registration, body);
      const teacher = course?.teachers.find((t) => t.id_teacher === body.id_teacher);
      const fio = university.teacherById.get(body.id_teacher)?.fullName;
      if (!teacher || !fio) {
        return fail(c, 400, 'body/id_teacher: does not teach this discipline and kind of lesson');
      }
      if (!teacher.streams.some((s) => s.subgroup === body.subgroup)) {
        return fail(c, 400, 'body/subgroup: not a stream of this teacher');
      }

      // every check passed: update the row (keeping its id) or register it anew
      let row = existing;
      if (!row) {
        row = {
          id_disciplineForStudent: null,
          id_student: me.id,
          id_group: me.id_group,
          id_a_year: body.id_a_year,
          id_semester: body.id_semester,
          id_discipline: body.id_discipline,
          id_vid_zaniatiy: body.id_vid_zaniatiy,
          isByPlan: false,
          id_teacher: null,
          subgroup: 0,
        };
        rows.push(row);
      }
      if (row.id_disciplineForStudent === null) {
        row.id_disciplineForStudent = registration.nextId;
        registration.nextId += 1;
        registration.byId.set(row.id_disciplineForStudent, row);
      }
      row.id_teacher = body.id_teacher;
      row.subgroup = body.subgroup;
      return okFor<'regfordisciplinesSaveRegistration'>(c, {
        id_disciplineForStudent: row.id_disciplineForStudent,
        id_teacher: body.id_teacher,
        t_fio: fio,
        subgroup: body.subgroup,
      });
    })

    .post('/api/regfordisciplines/deleteregistration', (c) => {
      const { id_disciplineForStudent: id } = getBody<'regfordisciplinesDeleteRegistration'>(c);
      const me = student(store, c);
      studentRows(store, me);
      const row = findRegistration(store, id);
      if (!row) return fail(c, 404, 'Not found');
      if (row.id_student !== me.id) return fail(c, 403, 'Forbidden: not your registration');
      const registration = store.get(regfordisciplinesSlice);
      registration.byId.delete(id);
      if (row.isByPlan) {
        row.id_disciplineForStudent = null;
        row.id_teacher = null;
        row.subgroup = 0;
      } else {
        const rows = studentRows(store, me);
        rows.splice(rows.indexOf(row), 1);
      }
      return okFor<'regfordisciplinesDeleteRegistration'>(c, true);
    })

    .post('/api/regfordisciplines/optional/permission', (c) => {
      const { attr } = getBody<'regfordisciplinesGetOptionalPermission'>(c);
      const { person } = whoIs(store, getSession(c));
      return okFor<'regfordisciplinesGetOptionalPermission'>(
        c,
        hasOptionalPermission(store.get(universitySlice), person, attr),
      );
    })

    // The catalogue minus what the student already has that semester (teachers see all of it).
    .post('/api/regfordisciplines/optional/disciplines', (c) => {
      const body = getBody<'regfordisciplinesGetOptionalDisciplines'>(c);
      const { person } = whoIs(store, getSession(c));
      const registration = store.get(regfordisciplinesSlice);
      const taken = new Set(
        isStudent(person)
          ? studentRows(store, person)
              .filter((row) => inSemester(row, body))
              .map((row) => row.id_discipline)
          : [],
      );
      return okFor<'regfordisciplinesGetOptionalDisciplines'>(
        c,
        registration.electives
          .filter((e) => !taken.has(e.id_discipline))
          .map((e) => ({
            id_discipline: e.id_discipline,
            name: e.name,
            kredits: e.kredits,
            id_examination: e.id_examination,
            id_kafedra: e.id_kafedra,
            id_vid_zaniatiy: e.id_vid_zaniatiy,
          })),
      );
    })

    .post('/api/regfordisciplines/optional/teachers', (c) => {
      const body = getBody<'regfordisciplinesGetOptionalTeachers'>(c);
      const registration = store.get(regfordisciplinesSlice);
      const course = registration.electiveById.get(body.id_discipline);
      return okFor<'regfordisciplinesGetOptionalTeachers'>(
        c,
        teacherOptions(store, course && courseOf(registration, body)),
      );
    })

    .post('/api/regfordisciplines/optional/subgroups', (c) => {
      const body = getBody<'regfordisciplinesGetOptionalSubgroups'>(c);
      const registration = store.get(regfordisciplinesSlice);
      return okFor<'regfordisciplinesGetOptionalSubgroups'>(
        c,
        registration.electiveById.has(body.id_discipline) ? streamOptions(store, body) : [],
      );
    });
