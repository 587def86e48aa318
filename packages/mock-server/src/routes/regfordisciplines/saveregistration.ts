import { fail, getBody, okFor, type AppContext, type RequestBody } from '../../http.js';
import type { Store } from '../../world/core/store.js';
import { universitySlice, type Student } from '../../world/core/university.js';
import {
  courseOf,
  hasOptionalPermission,
  regfordisciplinesSlice,
  studentRows,
  OPTIONAL_REGISTRATION_ATTR,
  type RegRecord,
} from '../../world/regfordisciplines/regfordisciplines.js';
import { inSemester } from '../../world/regfordisciplines/regfordisciplines-queries.js';
import type { RouteDeps } from '../route-deps.js';
import { signedInStudent } from './signed-in-student.js';

type SaveBody = RequestBody<'regfordisciplinesSaveRegistration'>;

/**
 * The registration checked against the student's rows, in the order its answers take precedence
 * (the group and the permission first: 403; then what the semester's plan, the catalogue and the
 * teacher's streams allow: 400). The student's rows, the row it updates (undefined for a new
 * elective) and the teacher's name; or the answer refusing it.
 */
function checkRegistration(store: Store, c: AppContext, body: SaveBody, me: Student) {
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
  return { rows, existing, fio };
}

/**
 * Registers the row with the teacher and stream: updates the existing row (keeping its id; a plan
 * row not registered yet gets one) or adds an elective row to the student's rows.
 */
function register(
  store: Store,
  me: Student,
  body: SaveBody,
  rows: RegRecord[],
  existing: RegRecord | undefined,
) {
  const registration = store.get(regfordisciplinesSlice);
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
  return row.id_disciplineForStudent;
}

/** A student registers a row of their own group's semester: a plan row, or an elective. */
export const regfordisciplinesSaveRegistration =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const body = getBody<'regfordisciplinesSaveRegistration'>(c);
    const me = signedInStudent(store, c);
    const checked = checkRegistration(store, c, body, me);
    if (checked instanceof Response) return checked;
    // every check passed: now store
    const id_disciplineForStudent = register(store, me, body, checked.rows, checked.existing);
    return okFor<'regfordisciplinesSaveRegistration'>(c, {
      id_disciplineForStudent,
      id_teacher: body.id_teacher,
      t_fio: checked.fio,
      subgroup: body.subgroup,
    });
  };
