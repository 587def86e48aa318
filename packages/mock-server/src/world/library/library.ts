// The e-library: base categories → book categories → books. A hand-written catalogue (classics,
// dictionaries, well-known textbooks; the literal data is in catalogue.ts) plus textbooks and
// monographs written by the university's own teachers about the disciplines they teach; some of
// those were published from a UMK material (isFromUmk; the umk slice links its materials to them).
// Uploaded book files are kept in `files`. A book published from a material aimed at one form of
// study reaches only its students.
import type { components } from '@lms/client/schema';
import { groupBy } from '../core/collections.js';
import { calendarSlice } from '../core/calendar.js';
import { faker } from '../core/faker.js';
import { GROWTH_BOOKS } from '../core/growth.js';
import { placeholderFile, type StoredFile } from '../core/files.js';
import { defineSlice, type Store } from '../core/store.js';
import { isStudent, ROLE_TEACHER } from '../core/roles.js';
import { aimedAt, studyKindOf, type ForStudentKind } from '../core/study-kind.js';
import { universitySlice, type Student, type Teacher } from '../core/university.js';
import {
  catalogue,
  collections,
  monographs,
  textbookDescriptions,
  textbookTitles,
} from './catalogue.js';

type Schema = components['schemas'];

type LibraryEBook = Schema['LibraryEBook'];

/** A book: the contract's LibraryEBook (id_human added it; only they may edit it), and more. */
export interface EBookRecord extends LibraryEBook {
  /** Seeded books written for a discipline: the teacher and discipline (the umk slice uses it). */
  source?: { id_teacher: number; id_discipline: number };
  /**
   * A book published from a study material aimed at one form of study (its id_forStudentKind)
   * reaches only the students of that form; absent or 0: everybody.
   */
  forStudentKind?: ForStudentKind;
}

interface Library {
  books: EBookRecord[];
  /** Uploaded book files by id_eBook (served by the download endpoint, type 2). */
  files: Map<number, StoredFile>;
  nextId: number;
}

// Patterns with Cyrillic letters are built from strings here and below: esbuild writes a string's
// non-ASCII letters as \u escapes but leaves a regular expression literal as it is, and one
// non-ASCII character makes V8 hold the whole of dist/main.js as two-byte text (twice the memory).
const mathDisciplines = new RegExp('математ|вероятност|статистик|эконометрик', 'i');
const languageDisciplines = new RegExp(
  'язык|литератур|речи|фонетик|лексиколог|грамматик|стилистик|перевод|риторик|фольклор|диалектолог|языкознан',
  'i',
);
const commonDisciplines = new RegExp(
  'истори|философ|манасовед|экологи|физическая культура|основы права',
  'i',
);
const PUNCTUATION = new RegExp('[«»"\':;,.!?№()]', 'g');
/** A preposition or conjunction of one or two letters («к», «по»). */
const SHORT_WORD = new RegExp('^[а-яё]{1,2}$');

/** The e-library category a discipline's textbooks go to. */
function categoryOfDiscipline(name: string, id_faculty: number) {
  if (mathDisciplines.test(name)) return 12;
  if (languageDisciplines.test(name)) return 15;
  if (commonDisciplines.test(name)) return 16;
  return ({ 1: 11, 2: 13, 3: 14, 4: 15 } as Record<number, number>)[id_faculty] ?? 16;
}

/** «Базы_данных.pdf»: a file name from a title (its first words, up to about 40 characters). */
export function fileNameFromTitle(title: string, extension = 'pdf') {
  const words = title.replace(PUNCTUATION, ' ').trim().split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (const word of words) {
    if (kept.join('_').length >= 40) break;
    kept.push(word);
  }
  // no dangling preposition at the end («…_указания_к»)
  while (kept.length > 1 && SHORT_WORD.test(kept.at(-1) ?? '')) kept.pop();
  return `${kept.join('_') || 'Книга'}.${extension}`;
}

const TEXTBOOKS_PER_SCALE = 40;

function createEBook(
  fields: Pick<EBookRecord, 'id_eBook' | 'name' | 'author' | 'id_bookCategory' | 'id_human'> &
    Partial<EBookRecord>,
): EBookRecord {
  return {
    description: 'Электронная версия издания из фонда научной библиотеки университета.',
    totalPages: faker.number.int({ min: 60, max: 420 }),
    fileName: fileNameFromTitle(fields.name),
    isFromUmk: false,
    id_humanType: ROLE_TEACHER,
    ...fields,
  };
}

export const librarySlice = defineSlice('library', ({ get, scale, growth }): Library => {
  const { teachers, teacherById, demo } = get(universitySlice);
  const { offerings, disciplineById } = get(calendarSlice);
  const books: EBookRecord[] = [];
  const nextId = () => books.length + 1;
  const teachersByFaculty = groupBy(teachers, (t) => t.id_faculty);
  // A few teachers keep the catalogue up to date; the demo teacher is one of them.
  const curators = [demo.teacher, ...faker.helpers.arrayElements(teachers, 4)];

  for (const [id_bookCategory, name, author, totalPages, description] of catalogue) {
    const curator = faker.helpers.arrayElement(curators);
    books.push(
      createEBook({
        id_eBook: nextId(),
        name,
        author,
        description,
        totalPages,
        id_bookCategory,
        id_human: curator.id,
      }),
    );
  }

  for (const [id_faculty, titles] of Object.entries(monographs)) {
    for (const name of titles) {
      const author = faker.helpers.arrayElement(teachersByFaculty.get(Number(id_faculty)) ?? []);
      if (!author) continue;
      books.push(
        createEBook({
          id_eBook: nextId(),
          name,
          author: author.shortName,
          description: `Монография. Рекомендовано к печати учёным советом университета. Автор — ${author.fullName}.`,
          totalPages: faker.number.int({ min: 140, max: 320 }),
          id_bookCategory: 21,
          id_human: author.id,
        }),
      );
    }
  }
  for (const name of collections) {
    const editor = faker.helpers.arrayElement(teachers);
    books.push(
      createEBook({
        id_eBook: nextId(),
        name,
        author: `Под ред. ${editor.shortName}`,
        description: 'Сборник статей преподавателей, аспирантов и студентов университета.',
        totalPages: faker.number.int({ min: 180, max: 400 }),
        id_bookCategory: 22,
        id_human: editor.id,
      }),
    );
  }

  // Textbooks by the teachers of a discipline; the demo teachers' come first so they have books to edit.
  const pairs = new Map<string, { id_teacher: number; id_discipline: number }>();
  for (const o of offerings) {
    pairs.set(`${o.id_teacher} ${o.id_discipline}`, {
      id_teacher: o.id_teacher,
      id_discipline: o.id_discipline,
    });
  }
  const all = [...pairs.values()];
  const own = (t: Teacher) => all.filter((p) => p.id_teacher === t.id).slice(0, 2);
  const chosen = [
    ...own(demo.teacher),
    ...own(demo.teacher2),
    ...faker.helpers.arrayElements(all, TEXTBOOKS_PER_SCALE * scale),
  ];
  // The growth world's library holds GROWTH_BOOKS × growth books: more textbooks (a teacher and
  // discipline may write several), or fewer when the seeded ones are already more.
  if (growth) {
    const wanted = GROWTH_BOOKS * growth - books.length;
    while (chosen.length < wanted) chosen.push(faker.helpers.arrayElement(all));
    chosen.length = Math.max(0, wanted);
  }
  const titles = new Set(books.map((b) => b.name));
  for (const [i, source] of chosen.entries()) {
    const teacher = teacherById.get(source.id_teacher);
    const discipline = disciplineById.get(source.id_discipline);
    if (!teacher || !discipline) continue;
    const base = faker.helpers.arrayElement(textbookTitles)(discipline.name);
    let name = base;
    for (let edition = 2; titles.has(name); edition++) name = `${base}. ${edition}-е издание`;
    titles.add(name);
    books.push(
      createEBook({
        id_eBook: nextId(),
        name,
        author: teacher.shortName,
        description: faker.helpers.arrayElement(textbookDescriptions)(discipline.name),
        totalPages: faker.number.int({ min: 40, max: 260 }),
        id_bookCategory: categoryOfDiscipline(discipline.name, teacher.id_faculty),
        // the first demo book stays a library book; about half of the rest came from a UMK
        isFromUmk: i > 0 && faker.number.float() < 0.5,
        id_human: teacher.id,
        source,
      }),
    );
  }
  return { books, files: new Map(), nextId: books.length + 1 };
});

/** The contract's LibraryEBook (without the world's extras). */
export const toEBook = (book: EBookRecord): LibraryEBook => ({
  id_eBook: book.id_eBook,
  name: book.name,
  author: book.author,
  description: book.description,
  totalPages: book.totalPages,
  fileName: book.fileName,
  id_bookCategory: book.id_bookCategory,
  isFromUmk: book.isFromUmk,
  id_human: book.id_human,
  id_humanType: book.id_humanType,
});

const collator = new Intl.Collator('ru');
const byBookName = (a: EBookRecord, b: EBookRecord) =>
  collator.compare(a.name, b.name) || a.id_eBook - b.id_eBook;

/** The order last worked out for a library, and each book's name when it was. */
const lastOrder = new WeakMap<Library, { books: EBookRecord[]; names: Map<EBookRecord, string> }>();

/**
 * The library's books by name (byBookName). Sorting thousands of Russian titles takes a while, so
 * the order is kept while it still holds: the same books (none added or taken out) with the same
 * names; anything else sorts them again.
 */
export function booksByName(library: Library): readonly EBookRecord[] {
  const last = lastOrder.get(library);
  if (
    last?.books.length === library.books.length &&
    library.books.every((book) => last.names.get(book) === book.name)
  ) {
    return last.books;
  }
  const books = [...library.books].sort(byBookName);
  lastOrder.set(library, { books, names: new Map(books.map((book) => [book, book.name])) });
  return books;
}

/**
 * Who may see a book, in the list or as a download: every teacher, and every student unless the
 * book was published from a material aimed at the other form of study (a distance-only material
 * never reaches a full-time student, nor a full-time-only one a distance student).
 */
export function isBookVisibleTo(store: Store, book: EBookRecord, reader: Teacher | Student) {
  if (!isStudent(reader)) return true;
  return aimedAt(
    book.forStudentKind ?? 0,
    studyKindOf(store.get(universitySlice), reader.id_group),
  );
}

/**
 * An e-library book's file (download type 2), for a reader who may see the book: the upload when
 * there is one, else the seeded file. Undefined (a 404, as for what does not exist) otherwise.
 */
export function findLibraryFile(
  store: Store,
  id_eBook: number,
  name: string,
  reader: Teacher | Student,
) {
  const library = store.get(librarySlice);
  const book = library.books.find((candidate) => candidate.id_eBook === id_eBook);
  if (!book || book.fileName !== name || !isBookVisibleTo(store, book, reader)) return undefined;
  const uploaded = library.files.get(id_eBook);
  return uploaded?.name === name ? uploaded : placeholderFile(name, `${book.author}. ${book.name}`);
}
