// What the UMK routes ask of the world besides umk.ts: the materials of one row of the screen, the
// disciplines of some offerings, who owns a material, and keeping a material's e-library copy in
// step with it when it is saved or deleted.
import { calendarSlice, type Offering } from '../core/calendar.js';
import { isStudent, isTeacher, ROLE_TEACHER } from '../core/roles.js';
import type { Store } from '../core/store.js';
import type { Student, Teacher } from '../core/university.js';
import { librarySlice } from '../library/library.js';
import { umkSlice, type UmkRecord } from './umk.js';

/** The materials of one row of the screen: a semester, a discipline and a form of control. */
export const materialsOf = (
  store: Store,
  row: { id_semester: number; id_discipline: number; id_examination: number },
) =>
  store
    .get(umkSlice)
    .items.filter(
      (item) =>
        item.id_semester === row.id_semester &&
        item.id_discipline === row.id_discipline &&
        item.id_examination === row.id_examination,
    );

/** The distinct disciplines of some offerings, in plan order. */
export function disciplinesOf(store: Store, offerings: readonly Offering[]) {
  const { disciplineById } = store.get(calendarSlice);
  const ids = [...new Set(offerings.map((o) => o.id_discipline))].sort((a, b) => a - b);
  return ids.flatMap((id) => disciplineById.get(id) ?? []);
}

/** The material's owner: a teacher with the material's id_teacher. */
export const ownsMaterial = (person: Teacher | Student, item: UmkRecord) =>
  isTeacher(person) && item.id_teacher === person.id;

/** A student's group; -1 for a teacher (who has none). */
export const studentGroupOf = (person: Teacher | Student) =>
  isStudent(person) ? person.id_group : -1;

/** Creates, updates or removes the e-library copy of a material. */
export function publishToLibrary(store: Store, item: UmkRecord, publish: boolean) {
  const library = store.get(librarySlice);
  const index =
    item.id_eBook === null ? -1 : library.books.findIndex((b) => b.id_eBook === item.id_eBook);
  if (!publish) {
    if (index >= 0) library.books.splice(index, 1);
    if (item.id_eBook !== null) library.files.delete(item.id_eBook);
    item.id_eBook = null;
    return;
  }
  const fields = {
    name: item.umkName,
    author: item.author,
    description: item.description,
    totalPages: item.totalPages,
    fileName: item.fileName ?? '',
    id_bookCategory: item.id_bookCategory,
    // the copy reaches only the students the material is aimed at
    forStudentKind: item.id_forStudentKind,
  };
  const book = library.books[index];
  if (book) Object.assign(book, fields);
  else {
    item.id_eBook = library.nextId;
    library.nextId += 1;
    library.books.push({
      id_eBook: item.id_eBook,
      ...fields,
      isFromUmk: true,
      id_human: item.id_teacher,
      id_humanType: ROLE_TEACHER,
    });
  }
  const [file] = store.get(umkSlice).files.get(item.id_books) ?? [];
  if (file && item.id_eBook !== null) library.files.set(item.id_eBook, file);
}
