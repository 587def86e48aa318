// Area "umk": study materials. Teachers pick a semester and one of their discipline rows and manage
// their own materials; students pick a semester, discipline, form of control and teacher and see
// the materials aimed at their form of study. A material can also be published to the e-library.
import { createRouter, fail, getBody, getSession, okFor } from '../http.js';
import { CURRENT_WS, CURRENT_YEAR_ID, calendarSlice, semesters } from '../world/core/calendar.js';
import { remove } from '../world/core/collections.js';
import { cleanFileName, storeUploads } from '../world/core/files.js';
import { bookCategories, bookCategoryById } from '../world/library/catalogue.js';
import { librarySlice } from '../world/library/library.js';
import { isStudent, isTeacher } from '../world/core/roles.js';
import { whoIs } from '../world/core/sessions.js';
import { toBishkekIso } from '../world/core/time.js';
import {
  examinationsOf,
  groupOfferings,
  isForKind,
  isPlanned,
  isUmkVisibleTo,
  newestFirst,
  specialityId,
  specialityName,
  toUmkItem,
  umkSlice,
  umkTypeIds,
  umkTypes,
  type UmkRecord,
} from '../world/umk/umk.js';
import {
  disciplinesOf,
  materialsOf,
  ownsMaterial,
  publishToLibrary,
  studentGroupOf,
} from '../world/umk/umk-queries.js';
import { studyKindOf } from '../world/core/study-kind.js';
import { universitySlice } from '../world/core/university.js';
import { fitsStorage, storageFullMessage } from '../world/core/storage.js';
import type { RouteDeps } from './route-deps.js';

const byName = new Intl.Collator('ru');

// Who asks comes from the session (x-roles has let only the listed role in; x-owner has made body
// ids such as uid, id_human or a student's id_group name the caller).
export const umkRoutes = ({ store, settings }: RouteDeps) =>
  createRouter()
    .post('/api/umk/semesters', (c) => {
      const { person } = whoIs(store, getSession(c));
      const taught = new Set(
        store
          .get(calendarSlice)
          .offerings.filter((o) => o.id_teacher === person.id && isTeacher(person))
          .map((o) => o.id_semester),
      );
      return okFor<'umkGetSemesters'>(
        c,
        semesters.filter((s) => taught.has(s.id_semester)),
      );
    })

    .post('/api/umk/semestersforstud', (c) => {
      const { person } = whoIs(store, getSession(c));
      const id_group = studentGroupOf(person);
      // studied so far: up to the current year and semester half
      const studied = new Set(
        store
          .get(calendarSlice)
          .offerings.filter(
            (o) =>
              o.id_group === id_group &&
              (o.id_a_year < CURRENT_YEAR_ID ||
                (o.id_a_year === CURRENT_YEAR_ID && o.ws <= CURRENT_WS)),
          )
          .map((o) => o.id_semester),
      );
      return okFor<'umkGetStudentSemesters'>(
        c,
        semesters.filter((s) => studied.has(s.id_semester)),
      );
    })

    .post('/api/umk/disciplines', (c) => {
      const { id_semester } = getBody<'umkGetDisciplines'>(c);
      const { person } = whoIs(store, getSession(c));
      const taught = store
        .get(calendarSlice)
        .offerings.filter(
          (o) => o.id_teacher === person.id && isTeacher(person) && o.id_semester === id_semester,
        );
      const rows = disciplinesOf(store, taught)
        .sort((a, b) => byName.compare(a.name, b.name) || a.id_discipline - b.id_discipline)
        .flatMap((d) =>
          examinationsOf(d).map((e) => ({
            id_discipline: d.id_discipline,
            name: d.name,
            kredits: d.kredits,
            id_examination: e.id_examination,
            examinationName: e.name,
            id_speciality: specialityId(d.specialty),
            specialityName: specialityName(d.specialty),
          })),
        );
      return okFor<'umkGetDisciplines'>(c, rows);
    })

    .post('/api/umk/disciplinesforstud', (c) => {
      const { id_semester } = getBody<'umkGetStudentDisciplines'>(c);
      const { person } = whoIs(store, getSession(c));
      const planned = groupOfferings(store, studentGroupOf(person), id_semester);
      return okFor<'umkGetStudentDisciplines'>(
        c,
        disciplinesOf(store, planned).map((d) => ({
          id_discipline: d.id_discipline,
          name: d.name,
          kredits: d.kredits,
          id_examination: d.id_examination,
        })),
      );
    })

    .post('/api/umk/getstudentexamtypes', (c) => {
      const { id_semester, id_discipline } = getBody<'umkGetStudentExamTypes'>(c);
      const { person } = whoIs(store, getSession(c));
      const planned = groupOfferings(store, studentGroupOf(person), id_semester).filter(
        (o) => o.id_discipline === id_discipline,
      );
      const [discipline] = disciplinesOf(store, planned);
      return okFor<'umkGetStudentExamTypes'>(
        c,
        discipline
          ? examinationsOf(discipline).map(({ id_examination, name }) => ({
              id_examination,
              name,
            }))
          : [],
      );
    })

    // Any signed-in user: a student gets the owners of the materials aimed at their form of
    // study in their own group's plan; a teacher, those of the group named in the body.
    .post('/api/umk/getumkteachers', (c) => {
      const body = getBody<'umkGetTeachers'>(c);
      const { person } = whoIs(store, getSession(c));
      const university = store.get(universitySlice);
      const id_group = isStudent(person) ? person.id_group : body.id_group;
      if (!isPlanned(store, id_group, body)) return okFor<'umkGetTeachers'>(c, []);
      const kind = isStudent(person) ? studyKindOf(university, id_group) : undefined;
      const owners = new Set(
        materialsOf(store, body)
          .filter((item) => kind === undefined || isForKind(store, item, kind))
          .map((item) => item.id_teacher),
      );
      const teachers = [...owners]
        .flatMap((id) => university.teacherById.get(id) ?? [])
        .map((t) => ({ id_teacher: t.id, t_fio: t.fullName }))
        .sort((a, b) => byName.compare(a.t_fio, b.t_fio));
      return okFor<'umkGetTeachers'>(c, teachers);
    })

    .post('/api/umk/types', (c) => okFor<'umkGetTypes'>(c, umkTypes))

    .post('/api/umk/umklist', (c) => {
      const body = getBody<'umkGetList'>(c);
      const { person } = whoIs(store, getSession(c));
      const items = materialsOf(store, body)
        .filter((item) => isUmkVisibleTo(store, item, person))
        .sort(newestFirst);
      return okFor<'umkGetList'>(
        c,
        items.map((item) => toUmkItem(item, person.fullName)),
      );
    })

    .post('/api/umk/getumklistforstud', (c) => {
      const body = getBody<'umkGetStudentList'>(c);
      const { person } = whoIs(store, getSession(c));
      const id_group = studentGroupOf(person);
      if (!isPlanned(store, id_group, body)) return okFor<'umkGetStudentList'>(c, []);
      const { teacherById } = store.get(universitySlice);
      const fio = (item: UmkRecord) => teacherById.get(item.id_teacher)?.fullName ?? '';
      const items = materialsOf(store, body)
        .filter(
          (item) =>
            (body.id_teacher === -1 || item.id_teacher === body.id_teacher) &&
            isUmkVisibleTo(store, item, person),
        )
        // grouped by teacher, each teacher's newest first
        .sort((a, b) => byName.compare(fio(a), fio(b)) || newestFirst(a, b));
      return okFor<'umkGetStudentList'>(
        c,
        items.map((item) => toUmkItem(item, fio(item))),
      );
    })

    .post('/api/umk/bookcategories', (c) => {
      const { id_baseBookCategory } = getBody<'umkGetBookCategories'>(c);
      return okFor<'umkGetBookCategories'>(
        c,
        bookCategories.filter((category) => category.id_baseBookCategory === id_baseBookCategory),
      );
    })

    // Teachers only (x-roles). idBook -1 creates a material owned by the session's teacher; any
    // other id updates that material, only by its owner. isForEBooks publishes (or keeps
    // updated) a copy in the e-library; saving with it false takes that copy out again.
    .post('/api/umk/insertorupdateumk', async (c) => {
      const form = getBody<'umkSave'>(c);
      const { person } = whoIs(store, getSession(c));
      const umk = store.get(umkSlice);
      const library = store.get(librarySlice);
      const { disciplineById } = store.get(calendarSlice);
      const existing =
        form.idBook === -1 ? undefined : umk.items.find((item) => item.id_books === form.idBook);
      if (form.idBook !== -1 && !existing) {
        return fail(c, 404, `Not found: no material ${form.idBook}`);
      }
      if (existing && !ownsMaterial(person, existing)) {
        return fail(c, 403, 'Forbidden: only the owner may edit this material');
      }
      if (!disciplineById.has(form.id_discipline)) {
        return fail(c, 404, `Not found: no discipline ${form.id_discipline}`);
      }
      if (!umkTypeIds.has(form.id_typeUmk)) {
        return fail(c, 400, 'body/id_typeUmk: must be one of the umk/types ids');
      }
      const shared = form.isSharedBookFromEBooks
        ? library.books.find((book) => book.id_eBook === form.id_booksShare)
        : undefined;
      if (form.isSharedBookFromEBooks && !shared) {
        return fail(c, 404, `Not found: no e-library book ${form.id_booksShare}`);
      }
      const publish = form.isForEBooks && !shared;
      if (publish && !bookCategoryById.has(form.id_bookCategory)) {
        return fail(c, 404, `Not found: no book category ${form.id_bookCategory}`);
      }
      if (!fitsStorage(store, settings.maxStorageMb, form.file ?? [])) {
        return fail(c, 507, storageFullMessage(settings.maxStorageMb));
      }
      const uploads = await storeUploads(store.uploads, form.file ?? []);

      // state changes only after every check passed and every file was read
      const keptName = form.fileName.trim() ? cleanFileName(form.fileName) : null;
      const fileName = shared
        ? shared.fileName
        : uploads[0]
          ? uploads[0].name
          : form.isHTMLBook
            ? null
            : existing
              ? (existing.fileName ?? keptName)
              : keptName;
      const fields = {
        id_typeUmk: form.id_typeUmk,
        umkName: form.bookName,
        id_semester: form.id_semester,
        id_discipline: form.id_discipline,
        id_examination: form.id_examination,
        id_speciality: form.id_speciality,
        kredits: form.kredits,
        id_forStudentKind: form.id_forStudentKind,
        isHTMLBook: form.isHTMLBook,
        author: form.author.trim() || person.shortName,
        description: form.description,
        totalPages: form.totalPages,
        fileName,
        isForEBooks: publish,
        id_bookCategory: publish ? form.id_bookCategory : -1,
        id_booksShare: shared ? shared.id_eBook : -1,
      };
      let item: UmkRecord;
      if (existing) {
        item = Object.assign(existing, fields);
      } else {
        item = {
          id_books: umk.nextId,
          id_teacher: person.id,
          ...fields,
          id_eBook: null,
          created: toBishkekIso(store.tick()),
        };
        umk.nextId += 1;
        umk.items.push(item);
      }

      const sharedFile = shared && library.files.get(shared.id_eBook);
      if (uploads.length > 0) umk.files.set(item.id_books, uploads);
      else if (shared) umk.files.set(item.id_books, sharedFile ? [sharedFile] : []);
      else if (form.isHTMLBook) umk.files.delete(item.id_books);

      publishToLibrary(store, item, publish);
      return okFor<'umkSave'>(c, { id_books: item.id_books });
    })

    // Teachers only (x-roles), and only the owner. Its e-library copy goes with it.
    .post('/api/umk/deletebook', (c) => {
      const { id_books } = getBody<'umkDeleteBook'>(c);
      const { person } = whoIs(store, getSession(c));
      const umk = store.get(umkSlice);
      const item = umk.items.find((candidate) => candidate.id_books === id_books);
      if (!item) return fail(c, 404, `Not found: no material ${id_books}`);
      if (!ownsMaterial(person, item))
        return fail(c, 403, 'Forbidden: only the owner may delete it');
      remove(umk.items, item);
      umk.files.delete(id_books);
      publishToLibrary(store, item, false);
      return okFor<'umkDeleteBook'>(c, true);
    });
