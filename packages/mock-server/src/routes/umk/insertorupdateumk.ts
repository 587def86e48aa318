import { fail, getBody, getSession, okFor, type AppContext, type RequestBody } from '../../http.js';
import { calendarSlice } from '../../world/core/calendar.js';
import { cleanFileName, storeUploads, type StoredFile } from '../../world/core/files.js';
import { fitsStorage, storageFullMessage } from '../../world/core/storage.js';
import type { Store } from '../../world/core/store.js';
import { whoIs } from '../../world/core/sessions.js';
import { toBishkekIso } from '../../world/core/time.js';
import type { Student, Teacher } from '../../world/core/university.js';
import { bookCategoryById } from '../../world/library/catalogue.js';
import { librarySlice, type EBookRecord } from '../../world/library/library.js';
import { umkSlice, umkTypeIds, type UmkRecord } from '../../world/umk/umk.js';
import { ownsMaterial, publishToLibrary } from '../../world/umk/umk-queries.js';
import type { RouteDeps } from '../route-deps.js';

type SaveForm = RequestBody<'umkSave'>;

/** What a save form names, once every check passed. */
interface CheckedSave {
  /** The material it edits; undefined when it creates one (idBook -1). */
  existing: UmkRecord | undefined;
  /** The e-library book it shares instead of a file of its own. */
  shared: EBookRecord | undefined;
  /** Whether it publishes (or keeps updated) a copy in the e-library: never for a shared book. */
  publish: boolean;
}

/**
 * The save form checked against the world, in the order its answers take precedence: the
 * material (404, then 403 for another teacher's), the discipline, the kind, the shared book and
 * the category to publish in; or the answer refusing it.
 */
function checkSave(store: Store, c: AppContext, form: SaveForm, person: Teacher | Student) {
  const existing =
    form.idBook === -1
      ? undefined
      : store.get(umkSlice).items.find((item) => item.id_books === form.idBook);
  if (form.idBook !== -1 && !existing) {
    return fail(c, 404, `Not found: no material ${form.idBook}`);
  }
  if (existing && !ownsMaterial(person, existing)) {
    return fail(c, 403, 'Forbidden: only the owner may edit this material');
  }
  if (!store.get(calendarSlice).disciplineById.has(form.id_discipline)) {
    return fail(c, 404, `Not found: no discipline ${form.id_discipline}`);
  }
  if (!umkTypeIds.has(form.id_typeUmk)) {
    return fail(c, 400, 'body/id_typeUmk: must be one of the umk/types ids');
  }
  const shared = form.isSharedBookFromEBooks
    ? store.get(librarySlice).books.find((book) => book.id_eBook === form.id_booksShare)
    : undefined;
  if (form.isSharedBookFromEBooks && !shared) {
    return fail(c, 404, `Not found: no e-library book ${form.id_booksShare}`);
  }
  const publish = form.isForEBooks && !shared;
  if (publish && !bookCategoryById.has(form.id_bookCategory)) {
    return fail(c, 404, `Not found: no book category ${form.id_bookCategory}`);
  }
  return { existing, shared, publish } satisfies CheckedSave;
}

/**
 * The file name a saved material shows: a shared book's, else the first upload's, else none for
 * an HTML material; else an edit keeps its file's name and the form's fileName names a kept file.
 */
function fileNameOf(form: SaveForm, { existing, shared }: CheckedSave, uploads: StoredFile[]) {
  const keptName = form.fileName.trim() ? cleanFileName(form.fileName) : null;
  if (shared) return shared.fileName;
  if (uploads[0]) return uploads[0].name;
  if (form.isHTMLBook) return null;
  return existing ? (existing.fileName ?? keptName) : keptName;
}

/** The material's fields as the form sets them; an empty author is the teacher's short name. */
function materialFields(
  form: SaveForm,
  person: Teacher | Student,
  { shared, publish }: CheckedSave,
  fileName: string | null,
) {
  return {
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
}

/** Updates the edited material, or adds a new one owned by the session's teacher. */
function saveMaterial(
  store: Store,
  existing: UmkRecord | undefined,
  fields: ReturnType<typeof materialFields>,
  person: Teacher | Student,
): UmkRecord {
  if (existing) return Object.assign(existing, fields);
  const umk = store.get(umkSlice);
  const item: UmkRecord = {
    id_books: umk.nextId,
    id_teacher: person.id,
    ...fields,
    id_eBook: null,
    created: toBishkekIso(store.tick()),
  };
  umk.nextId += 1;
  umk.items.push(item);
  return item;
}

/**
 * The material's files: new uploads replace them, a shared book lends its file, an HTML material
 * has none; otherwise an edit keeps what it had.
 */
function keepFiles(
  store: Store,
  item: UmkRecord,
  form: SaveForm,
  shared: EBookRecord | undefined,
  uploads: StoredFile[],
) {
  const { files } = store.get(umkSlice);
  const sharedFile = shared && store.get(librarySlice).files.get(shared.id_eBook);
  if (uploads.length > 0) files.set(item.id_books, uploads);
  else if (shared) files.set(item.id_books, sharedFile ? [sharedFile] : []);
  else if (form.isHTMLBook) files.delete(item.id_books);
}

/**
 * Teachers only (x-roles). idBook -1 creates a material owned by the session's teacher; any other
 * id updates that material, only by its owner. isForEBooks publishes (or keeps updated) a copy in
 * the e-library; saving with it false takes that copy out again.
 */
export const umkSave =
  ({ store, settings }: RouteDeps) =>
  async (c: AppContext) => {
    const form = getBody<'umkSave'>(c);
    const { person } = whoIs(store, getSession(c));
    const checked = checkSave(store, c, form, person);
    if (checked instanceof Response) return checked;
    if (!fitsStorage(store, settings.maxStorageMb, form.file ?? [])) {
      return fail(c, 507, storageFullMessage(settings.maxStorageMb));
    }
    const uploads = await storeUploads(store.uploads, form.file ?? []);

    // state changes only after every check passed and every file was read
    const fields = materialFields(form, person, checked, fileNameOf(form, checked, uploads));
    const item = saveMaterial(store, checked.existing, fields, person);
    keepFiles(store, item, form, checked.shared, uploads);
    publishToLibrary(store, item, checked.publish);
    return okFor<'umkSave'>(c, { id_books: item.id_books });
  };
