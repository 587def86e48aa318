// Area "umk": study materials. Teachers pick a semester and one of their discipline rows and manage
// their own materials; students pick a semester, discipline, form of control and teacher and see
// the materials aimed at their form of study. A material can also be published to the e-library.
// One handler per operation in routes/umk/, its file named by the path's last part.
import { createRouter } from '../http.js';
import { umkGetBookCategories } from './umk/bookcategories.js';
import { umkDeleteBook } from './umk/deletebook.js';
import { umkGetDisciplines } from './umk/disciplines.js';
import { umkGetStudentDisciplines } from './umk/disciplinesforstud.js';
import { umkGetStudentExamTypes } from './umk/getstudentexamtypes.js';
import { umkGetStudentList } from './umk/getumklistforstud.js';
import { umkGetTeachers } from './umk/getumkteachers.js';
import { umkSave } from './umk/insertorupdateumk.js';
import { umkGetSemesters } from './umk/semesters.js';
import { umkGetStudentSemesters } from './umk/semestersforstud.js';
import { umkGetTypes } from './umk/types.js';
import { umkGetList } from './umk/umklist.js';
import type { RouteDeps } from './route-deps.js';

// Who asks comes from the session (x-roles has let only the listed role in; x-owner has made body
// ids such as uid, id_human or a student's id_group name the caller).
export const umkRoutes = (deps: RouteDeps) =>
  createRouter()
    .post('/api/umk/semesters', umkGetSemesters(deps))
    .post('/api/umk/semestersforstud', umkGetStudentSemesters(deps))
    .post('/api/umk/disciplines', umkGetDisciplines(deps))
    .post('/api/umk/disciplinesforstud', umkGetStudentDisciplines(deps))
    .post('/api/umk/getstudentexamtypes', umkGetStudentExamTypes(deps))
    .post('/api/umk/getumkteachers', umkGetTeachers(deps))
    .post('/api/umk/types', umkGetTypes)
    .post('/api/umk/umklist', umkGetList(deps))
    .post('/api/umk/getumklistforstud', umkGetStudentList(deps))
    .post('/api/umk/bookcategories', umkGetBookCategories)
    .post('/api/umk/insertorupdateumk', umkSave(deps))
    .post('/api/umk/deletebook', umkDeleteBook(deps));
