import {
  EMPTY_PUBLICATION,
  parsePages,
  validatePublication,
  type PublicationDraft,
  type PublicationErrors,
} from '../../../lib/files/publication';
import { PLACEHOLDER_ID } from '../../../lib/ui-state/pickers';
import type { PortalUser } from '../../../lib/session/roles';
import type { MaterialSaveFields } from '../api/save-material';
import type { MaterialDiscipline } from '../api/get-teacher-disciplines';
import type { MaterialItem } from '../api/get-materials';

/*
 * The UMK form: a publication (title, author, pages,
 * description, e-library category) plus what only a study material has: its kind, the students it
 * is for, whether it also goes to the e-library, and where its file comes from (an upload, or a
 * book already in the e-library).
 */

/** Who a study material is for: 0 all students, 1 full-time, 2 distance. */
export type ForStudentKind = 0 | 1 | 2;
export const FOR_STUDENT_KINDS: readonly ForStudentKind[] = [0, 1, 2];
export const FOR_STUDENT_KIND_KEYS = { 0: 'all', 1: 'fullTime', 2: 'distance' } as const;

/** Where the material's file comes from. */
export type MaterialSource = 'upload' | 'library';

export interface MaterialDraft extends PublicationDraft {
  id_typeUmk: number;
  id_forStudentKind: ForStudentKind;
  /** Also published in the e-library (an upload only; a shared book is there already). */
  isForEBooks: boolean;
  source: MaterialSource;
  /** The e-library book shared as the material (source 'library'), -1 while none is chosen. */
  id_booksShare: number;
}

export const EMPTY_MATERIAL: MaterialDraft = {
  ...EMPTY_PUBLICATION,
  id_typeUmk: PLACEHOLDER_ID,
  id_forStudentKind: 0,
  isForEBooks: false,
  source: 'upload',
  id_booksShare: PLACEHOLDER_ID,
};

const isForStudentKind = (value: unknown): value is ForStudentKind =>
  value === 0 || value === 1 || value === 2;

/** The form of a saved material: what the list says about it (base category found later). */
export function draftFromItem(item: MaterialItem): MaterialDraft {
  const shared = (item.id_booksShare ?? -1) !== -1;
  return {
    ...EMPTY_PUBLICATION,
    name: item.umkName,
    author: item.author ?? '',
    description: item.description ?? '',
    pages: item.totalPages !== undefined && item.totalPages > 0 ? String(item.totalPages) : '',
    id_bookCategory: item.isForEBooks ? (item.id_bookCategory ?? -1) : -1,
    id_typeUmk: item.id_typeUmk,
    id_forStudentKind: isForStudentKind(item.id_forStudentKind) ? item.id_forStudentKind : 0,
    isForEBooks: Boolean(item.isForEBooks) && !shared,
    source: shared ? 'library' : 'upload',
    id_booksShare: shared ? (item.id_booksShare ?? -1) : -1,
  };
}

export type MaterialErrors = PublicationErrors & { type?: true; book?: true };

export interface MaterialRules {
  hasNewFile: boolean;
  /** The material being edited already has a file (or is an HTML book, which has none). */
  hasStoredFile: boolean;
}

/** What keeps the form from being sent, each field named; empty when it may be sent. */
export function validateMaterial(draft: MaterialDraft, rules: MaterialRules): MaterialErrors {
  const fromLibrary = draft.source === 'library';
  const errors: MaterialErrors = validatePublication(draft, {
    hasNewFile: rules.hasNewFile,
    hasStoredFile: rules.hasStoredFile,
    needsCategory: !fromLibrary && draft.isForEBooks,
    fileOptional: fromLibrary,
  });
  if (draft.id_typeUmk === PLACEHOLDER_ID) errors.type = true;
  if (fromLibrary && draft.id_booksShare === PLACEHOLDER_ID) errors.book = true;
  return errors;
}

export interface MaterialSaveContext {
  user: Pick<PortalUser, 'uid' | 'id' | 'role'>;
  id_semester: number;
  /** The discipline row (discipline, form of control, speciality, credits) it is saved for. */
  row: Pick<MaterialDiscipline, 'id_discipline' | 'id_examination' | 'id_speciality' | 'kredits'>;
  /** The material being edited; null for a new one. */
  editing: MaterialItem | null;
  /** The newly picked file, if any. */
  file: File | undefined;
}

/** The multipart fields of a draft that passed validateMaterial. */
export function toSaveFields(
  draft: MaterialDraft,
  context: MaterialSaveContext,
): MaterialSaveFields {
  const { user, row, editing, file } = context;
  const fromLibrary = draft.source === 'library';
  const publish = !fromLibrary && draft.isForEBooks;
  return {
    idBook: editing?.id_books ?? -1,
    id_human: user.id,
    id_humanType: user.role,
    idUser: user.uid,
    fileName: fromLibrary ? '' : (file?.name ?? editing?.fileName ?? ''),
    id_semester: context.id_semester,
    id_discipline: row.id_discipline,
    id_examination: row.id_examination,
    id_speciality: row.id_speciality,
    kredits: row.kredits,
    id_typeUmk: draft.id_typeUmk,
    // An HTML book stays one until a file replaces it.
    isHTMLBook: !fromLibrary && !file && Boolean(editing?.isHTMLBook),
    bookName: draft.name.trim(),
    author: draft.author.trim(),
    description: draft.description.trim(),
    totalPages: parsePages(draft.pages) ?? 0,
    isForEBooks: publish,
    id_bookCategory: publish ? draft.id_bookCategory : -1,
    isSharedBookFromEBooks: fromLibrary,
    id_booksShare: fromLibrary ? draft.id_booksShare : -1,
    id_forStudentKind: draft.id_forStudentKind,
  };
}

/** The material has a file of its own to keep on an edit (an HTML book needs none). */
export const hasStoredFile = (item: MaterialItem | null) =>
  Boolean(item && (item.fileName || item.isHTMLBook));
