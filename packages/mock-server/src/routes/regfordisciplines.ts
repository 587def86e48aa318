// Area "regfordisciplines": a student's registration rows per year and semester (plan rows, then
// electives), the teachers and streams offered for a row, saving and cancelling a registration,
// and the optional-registration permission with its disciplines, teachers and streams.
// One handler per operation in routes/regfordisciplines/, its file named by the path after
// /api/regfordisciplines/ (a `/` in it made `-`).
import { createRouter } from '../http.js';
import { regfordisciplinesDeleteRegistration } from './regfordisciplines/deleteregistration.js';
import { regfordisciplinesGetDefYear } from './regfordisciplines/getdefyear.js';
import { regfordisciplinesGetRegList } from './regfordisciplines/getreglist.js';
import { regfordisciplinesGetSemesters } from './regfordisciplines/getsemesters.js';
import { regfordisciplinesGetSubgroupsForRegEl } from './regfordisciplines/getsubgroupsforregel.js';
import { regfordisciplinesGetTeachersForRegEl } from './regfordisciplines/getteachersforregel.js';
import { regfordisciplinesGetYears } from './regfordisciplines/getyears.js';
import { regfordisciplinesGetOptionalDisciplines } from './regfordisciplines/optional-disciplines.js';
import { regfordisciplinesGetOptionalPermission } from './regfordisciplines/optional-permission.js';
import { regfordisciplinesGetOptionalSubgroups } from './regfordisciplines/optional-subgroups.js';
import { regfordisciplinesGetOptionalTeachers } from './regfordisciplines/optional-teachers.js';
import { regfordisciplinesSaveRegistration } from './regfordisciplines/saveregistration.js';
import type { RouteDeps } from './route-deps.js';

// The session says who is asking; x-owner (src/ownership.ts) has made the body's uid and a
// student's id_group name it.
export const regfordisciplinesRoutes = (deps: RouteDeps) =>
  createRouter()
    .post('/api/regfordisciplines/getdefyear', regfordisciplinesGetDefYear)
    .post('/api/regfordisciplines/getyears', regfordisciplinesGetYears(deps))
    .post('/api/regfordisciplines/getsemesters', regfordisciplinesGetSemesters(deps))
    .post('/api/regfordisciplines/getreglist', regfordisciplinesGetRegList(deps))
    .post('/api/regfordisciplines/getteachersforregel', regfordisciplinesGetTeachersForRegEl(deps))
    .post(
      '/api/regfordisciplines/getsubgroupsforregel',
      regfordisciplinesGetSubgroupsForRegEl(deps),
    )
    .post('/api/regfordisciplines/saveregistration', regfordisciplinesSaveRegistration(deps))
    .post('/api/regfordisciplines/deleteregistration', regfordisciplinesDeleteRegistration(deps))
    .post(
      '/api/regfordisciplines/optional/permission',
      regfordisciplinesGetOptionalPermission(deps),
    )
    .post(
      '/api/regfordisciplines/optional/disciplines',
      regfordisciplinesGetOptionalDisciplines(deps),
    )
    .post('/api/regfordisciplines/optional/teachers', regfordisciplinesGetOptionalTeachers(deps))
    .post('/api/regfordisciplines/optional/subgroups', regfordisciplinesGetOptionalSubgroups(deps));
