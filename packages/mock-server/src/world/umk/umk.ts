// Study materials (UMK): each teacher's materials for the disciplines they teach, one material per
// (discipline, semester, form of control, speciality) row and kind (lectures, syllabus, …), aimed at
// all students or at one form of study. Materials published to the e-library are linked to their
// library book (id_eBook); uploaded files are kept in `files` by id_books.
import { calendarSlice, examinations, type Discipline } from '../core/calendar.js';
import { faker } from '../core/faker.js';
import { placeholderFile, type StoredFile } from '../core/files.js';
import { fileNameFromTitle, librarySlice } from '../library/library.js';
import { isTeacher } from '../core/roles.js';
import { defineSlice, type Store } from '../core/store.js';
import { aimedAt, studyKindOf, type ForStudentKind, type StudyKind } from '../core/study-kind.js';
import { toBishkekIso } from '../core/time.js';
import { specialties, universitySlice, type Student, type Teacher } from '../core/university.js';

interface UmkType {
  id_typeUmk: number;
  name: string;
}

export interface UmkRecord {
  id_books: number;
  id_typeUmk: number;
  umkName: string;
  /** The owner. */
  id_teacher: number;
  id_semester: number;
  id_discipline: number;
  id_examination: number;
  id_speciality: number;
  kredits: number;
  id_forStudentKind: ForStudentKind;
  isHTMLBook: boolean;
  author: string;
  description: string;
  totalPages: number;
  /** Null for an HTML book. */
  fileName: string | null;
  isForEBooks: boolean;
  /** E-library category when published, else -1. */
  id_bookCategory: number;
  /** The library book published from this material (isForEBooks), else null. */
  id_eBook: number | null;
  /** The library book the material points at (isSharedBookFromEBooks), else -1. */
  id_booksShare: number;
  created: string;
}

interface Umk {
  items: UmkRecord[];
  /** Uploaded files by id_books (served by the download endpoint, type 1). */
  files: Map<number, StoredFile[]>;
  nextId: number;
}

export const umkTypes: readonly UmkType[] = [
  { id_typeUmk: 1, name: 'Лекции' },
  { id_typeUmk: 2, name: 'Практические занятия' },
  { id_typeUmk: 3, name: 'Лабораторные работы' },
  { id_typeUmk: 4, name: 'Силлабус' },
  { id_typeUmk: 5, name: 'Методические указания' },
  { id_typeUmk: 6, name: 'Тестовые задания' },
  { id_typeUmk: 7, name: 'Рабочая программа' },
  { id_typeUmk: 8, name: 'Презентации' },
];
export const umkTypeIds = new Set(umkTypes.map((t) => t.id_typeUmk));

const COURSE_WORK = 4;

/** Forms of control of a discipline: its own, plus a course work for the heaviest (6 credits). */
export function examinationsOf(discipline: Discipline) {
  const ids = [discipline.id_examination];
  if (discipline.kredits >= 6 && discipline.id_examination !== COURSE_WORK) ids.push(COURSE_WORK);
  return examinations.filter((e) => ids.includes(e.id_examination));
}

/** Specialities as UMK rows number them (41 Прикладная информатика, 42 …). */
export const specialityId = (code: string) =>
  41 + specialties.findIndex((specialty) => specialty.code === code);
export const specialityName = (code: string) =>
  specialties.find((specialty) => specialty.code === code)?.name ?? code;

/**
 * Whether a material reaches students of a form of study: it is aimed at them, and so is the
 * e-library book it shares, if any (a material pointing at a distance-only book is no way around
 * it).
 */
export function isForKind(store: Store, item: UmkRecord, kind: StudyKind) {
  if (!aimedAt(item.id_forStudentKind, kind)) return false;
  if (item.id_booksShare === -1) return true;
  const shared = store.get(librarySlice).books.find((book) => book.id_eBook === item.id_booksShare);
  return !shared || aimedAt(shared.forStudentKind ?? 0, kind);
}

// Per kind: how a material is named and which files it comes as.
const templates: Record<
  number,
  {
    name: (d: string, part: number) => string;
    file: (d: string, part: number) => string;
    ext: string[];
  }
> = {
  1: {
    name: (d, n) => `Лекции по дисциплине «${d}». Часть ${n}`,
    file: (d, n) => `Лекции ${d} ч${n}`,
    ext: ['pdf', 'docx'],
  },
  2: {
    name: (d) => `Практикум по дисциплине «${d}»`,
    file: (d) => `Практикум ${d}`,
    ext: ['pdf', 'docx'],
  },
  3: {
    name: (d) => `Лабораторные работы по дисциплине «${d}»`,
    file: (d) => `Лабораторные ${d}`,
    ext: ['pdf', 'docx'],
  },
  4: { name: (d) => `Силлабус «${d}»`, file: (d) => `Силлабус ${d}`, ext: ['docx', 'pdf'] },
  5: {
    name: (d) => `Методические указания к самостоятельной работе «${d}»`,
    file: (d) => `Методичка СРС ${d}`,
    ext: ['pdf'],
  },
  6: {
    name: (d) => `Тестовые задания по дисциплине «${d}»`,
    file: (d) => `Тесты ${d}`,
    ext: ['docx', 'xlsx'],
  },
  7: {
    name: (d) => `Рабочая программа «${d}»`,
    file: (d) => `Рабочая программа ${d}`,
    ext: ['docx', 'pdf'],
  },
  8: {
    name: (d, n) => `Презентации к лекциям «${d}». Модуль ${n}`,
    file: (d, n) => `Презентации ${d} модуль ${n}`,
    ext: ['pptx', 'pdf'],
  },
};
const descriptions: readonly ((d: string) => string)[] = [
  (d) => `Материал к курсу «${d}» по действующей рабочей программе.`,
  (d) => `Для подготовки к занятиям и к итоговому контролю по дисциплине «${d}».`,
  (d) => `Темы, вопросы для самопроверки и список литературы по дисциплине «${d}».`,
  (d) => `Обновлено к текущему учебному году. Дисциплина «${d}».`,
];

function createUmkItem(
  fields: Pick<
    UmkRecord,
    'id_books' | 'id_teacher' | 'id_typeUmk' | 'author' | 'created' | 'id_examination'
  > & { discipline: Discipline; part?: number } & Partial<UmkRecord>,
): UmkRecord {
  const { discipline, part = 1, ...rest } = fields;
  const template = templates[rest.id_typeUmk] ?? templates[1];
  const umkName = template?.name(discipline.name, part) ?? discipline.name;
  const isHTMLBook = faker.number.float() < 0.05;
  return {
    umkName,
    id_semester: discipline.id_semester,
    id_discipline: discipline.id_discipline,
    id_speciality: specialityId(discipline.specialty),
    kredits: discipline.kredits,
    id_forStudentKind: faker.helpers.weightedArrayElement([
      { weight: 7, value: 0 },
      { weight: 2, value: 1 },
      { weight: 1, value: 2 },
    ]),
    isHTMLBook,
    description: faker.helpers.arrayElement(descriptions)(discipline.name),
    totalPages: faker.number.int({ min: 4, max: 180 }),
    fileName: isHTMLBook
      ? null
      : fileNameFromTitle(
          template?.file(discipline.name, part) ?? umkName,
          faker.helpers.arrayElement(template?.ext ?? ['pdf']),
        ),
    isForEBooks: false,
    id_bookCategory: -1,
    id_eBook: null,
    id_booksShare: -1,
    ...rest,
  };
}

const FIRST_UMK_ID = 1001;

export const umkSlice = defineSlice('umk', ({ get, now, scale }): Umk => {
  const university = get(universitySlice);
  const { offerings, disciplineById } = get(calendarSlice);
  const library = get(librarySlice);
  const items: UmkRecord[] = [];
  let created = now.getTime() - 400 * 24 * 60 * 60 * 1000;
  const nextCreated = () => {
    created += faker.number.int({ min: 1, max: 6 }) * 60 * 60 * 1000;
    return toBishkekIso(new Date(Math.min(created, now.getTime() - 60_000)));
  };

  // Every teacher has materials for every discipline they teach (in any year); the first one of
  // each discipline is for all students, so each group sees something.
  const pairs = new Map<string, { id_teacher: number; id_discipline: number }>();
  for (const o of offerings) {
    pairs.set(`${o.id_teacher} ${o.id_discipline}`, o);
  }
  for (const { id_teacher, id_discipline } of pairs.values()) {
    const teacher = university.teacherById.get(id_teacher);
    const discipline = disciplineById.get(id_discipline);
    if (!teacher || !discipline) continue;
    const forms = examinationsOf(discipline);
    const count = faker.number.int({ min: 1, max: 4 }) * scale;
    const kinds = faker.helpers.shuffle(umkTypes.map((t) => t.id_typeUmk));
    const parts = new Map<number, number>();
    for (let i = 0; i < count; i++) {
      // the syllabus first, then other kinds; lectures and presentations come in parts
      const id_typeUmk = i === 0 ? 4 : (kinds[i % kinds.length] ?? 1);
      const part = (parts.get(id_typeUmk) ?? 0) + 1;
      parts.set(id_typeUmk, part);
      if (part > 1 && id_typeUmk !== 1 && id_typeUmk !== 8) continue;
      items.push(
        createUmkItem({
          id_books: FIRST_UMK_ID + items.length,
          id_teacher,
          id_typeUmk,
          part,
          author: teacher.shortName,
          created: nextCreated(),
          discipline,
          id_examination: forms[i % forms.length]?.id_examination ?? discipline.id_examination,
          ...(i === 0 && { id_forStudentKind: 0 }),
        }),
      );
    }
  }

  // The library's books that came from a UMK material: the material that published them.
  for (const book of library.books) {
    const discipline = book.source && disciplineById.get(book.source.id_discipline);
    const teacher = book.source && university.teacherById.get(book.source.id_teacher);
    if (!book.isFromUmk || !discipline || !teacher) continue;
    items.push(
      createUmkItem({
        id_books: FIRST_UMK_ID + items.length,
        id_teacher: teacher.id,
        id_typeUmk: 5,
        author: book.author,
        created: nextCreated(),
        discipline,
        id_examination: discipline.id_examination,
        umkName: book.name,
        description: book.description,
        totalPages: book.totalPages,
        isHTMLBook: false,
        fileName: book.fileName,
        isForEBooks: true,
        id_bookCategory: book.id_bookCategory,
        id_eBook: book.id_eBook,
        id_forStudentKind: 0,
      }),
    );
  }
  return { items, files: new Map(), nextId: FIRST_UMK_ID + items.length };
});

/** The contract's UmkItem. */
export const toUmkItem = (item: UmkRecord, t_fio: string) => ({
  id_books: item.id_books,
  id_typeUmk: item.id_typeUmk,
  umkName: item.umkName,
  id_discipline: item.id_discipline,
  id_examination: item.id_examination,
  id_teacher: item.id_teacher,
  t_fio,
  fileName: item.fileName,
  author: item.author,
  description: item.description,
  totalPages: item.totalPages,
  id_forStudentKind: item.id_forStudentKind,
  isForEBooks: item.isForEBooks,
  id_bookCategory: item.id_bookCategory,
  id_booksShare: item.id_booksShare,
  isHTMLBook: item.isHTMLBook,
});

/** Newest first (ids grow with every material). */
export const newestFirst = (a: UmkRecord, b: UmkRecord) => b.id_books - a.id_books;

/** The offerings a group studies (any year) in a study semester. */
export const groupOfferings = (store: Store, id_group: number, id_semester: number) =>
  store
    .get(calendarSlice)
    .offerings.filter((o) => o.id_group === id_group && o.id_semester === id_semester);

/** Whether a group's plan has the discipline in the study semester. */
export const isPlanned = (
  store: Store,
  id_group: number,
  { id_semester, id_discipline }: { id_semester: number; id_discipline: number },
) => groupOfferings(store, id_group, id_semester).some((o) => o.id_discipline === id_discipline);

/**
 * Who may see a material, in a list or as a download: its owner among teachers (umk/umklist); a
 * student whose group's plan has its discipline in its semester, when it is aimed at all students
 * or at the group's form of study (umk/getumklistforstud). Nobody else.
 */
export function isUmkVisibleTo(store: Store, item: UmkRecord, reader: Teacher | Student): boolean {
  if (isTeacher(reader)) return item.id_teacher === reader.id;
  return (
    isPlanned(store, reader.id_group, item) &&
    isForKind(store, item, studyKindOf(store.get(universitySlice), reader.id_group))
  );
}

/**
 * A UMK material's file (download type 1), for a reader who may see the material: the upload
 * when there is one, else the seeded file. Undefined (a 404, which tells nothing of existence)
 * for anyone else.
 */
export function findUmkFile(
  store: Store,
  id_books: number,
  name: string,
  reader: Teacher | Student,
) {
  const umk = store.get(umkSlice);
  const item = umk.items.find((candidate) => candidate.id_books === id_books);
  if (!item || !isUmkVisibleTo(store, item, reader)) return undefined;
  const uploaded = umk.files.get(id_books)?.find((file) => file.name === name);
  if (uploaded) return uploaded;
  return item.fileName === name ? placeholderFile(name, item.umkName) : undefined;
}
