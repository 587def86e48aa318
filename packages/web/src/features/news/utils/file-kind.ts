/** Section 2: the attachment icon depends on the extension; anything else is generic. */
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

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export function fileKind(name: string): FileKind {
  return KINDS[fileExtension(name)] ?? 'generic';
}
