/** The attachment icon depends on the extension; anything else is generic. */
export type FileKind = 'pdf' | 'excel' | 'word' | 'text' | 'powerpoint' | 'exe' | 'generic';

const KINDS: Record<string, FileKind> = {
  pdf: 'pdf',
  xls: 'excel',
  xlsx: 'excel',
  doc: 'word',
  docx: 'word',
  txt: 'text',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
  exe: 'exe',
};

/** The lower-case extension, or '' for none ('.pdf' is a hidden file's name, not an extension). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export function fileKind(name: string): FileKind {
  return KINDS[fileExtension(name)] ?? 'generic';
}

/** Attachment names show at most 20 characters, then an ellipsis. */
export const FILE_NAME_DISPLAY_CAP = 20;

/** Cuts by characters as people see them (code points), so a name never ends in half a letter. */
export function truncateFileName(name: string, cap: number = FILE_NAME_DISPLAY_CAP): string {
  const characters = Array.from(name);
  return characters.length > cap ? `${characters.slice(0, cap).join('')}…` : name;
}
