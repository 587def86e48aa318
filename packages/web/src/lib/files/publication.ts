/*
 * A publication is what the e-library's book form and the UMK form have in common: a title,
 * an author, a description, a page count, an
 * e-library category and one file. The rules that refuse a form before anything is sent live here,
 * once; the fields are components/publication/publication-fields.tsx.
 */

export interface PublicationDraft {
  name: string;
  author: string;
  description: string;
  /** As typed; see parsePages. */
  pages: string;
  /** The base category the category picker lists, -1 while none is chosen. */
  id_baseBookCategory: number;
  /** -1 while none is chosen. */
  id_bookCategory: number;
}

export const EMPTY_PUBLICATION: PublicationDraft = {
  name: '',
  author: '',
  description: '',
  pages: '',
  id_baseBookCategory: -1,
  id_bookCategory: -1,
};

/** The longest page count accepted: more is a typing slip, not a book. */
export const MAX_PAGES = 100_000;

/** A positive whole number of pages ('86', ' 12 '), or null ('0', '-3', '2.5', '12 стр.', ''). */
export function parsePages(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const pages = Number(trimmed);
  return pages >= 1 && pages <= MAX_PAGES ? pages : null;
}

export type PublicationField = 'name' | 'pages' | 'category' | 'file';

export type PublicationErrors = Partial<Record<PublicationField, true>>;

export interface PublicationRules {
  /** A file is picked now. */
  hasNewFile: boolean;
  /** The saved item already has a file, so an edit may keep it. */
  hasStoredFile: boolean;
  /** The item goes to the e-library, so it needs a category. */
  needsCategory: boolean;
  /** The item is a link to an existing book or an HTML book: no file of its own. */
  fileOptional?: boolean;
}

/**
 * What keeps a publication from being sent: no title; pages that are not a positive whole number;
 * no category when it goes to the e-library; no file for a new item. Empty when it may be sent.
 */
export function validatePublication(
  draft: PublicationDraft,
  rules: PublicationRules,
): PublicationErrors {
  const errors: PublicationErrors = {};
  if (draft.name.trim() === '') errors.name = true;
  if (parsePages(draft.pages) === null) errors.pages = true;
  if (rules.needsCategory && draft.id_bookCategory === -1) errors.category = true;
  if (!rules.fileOptional && !rules.hasNewFile && !rules.hasStoredFile) errors.file = true;
  return errors;
}

export const hasErrors = (errors: PublicationErrors) => Object.keys(errors).length > 0;
