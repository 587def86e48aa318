import type { NewsAudience } from '../api/news-params';

/** Section 3's news audience: 0 everybody, 1 teachers, 2 students. */
export const AUDIENCES: readonly NewsAudience[] = [0, 1, 2];
export const AUDIENCE_KEYS = { 0: 'all', 1: 'teachers', 2: 'students' } as const;
/** The faculty picker's "all faculties" entry (contract: id_faculty -1). */
export const ALL_FACULTIES = -1;
/** The contract's longest message. */
export const MESSAGE_MAX_LENGTH = 5000;

const BYTES_PER_MB = 1024 * 1024;

/** True when the file is over the config's per-file limit; an unknown limit is left to the server. */
export function isTooLarge(file: Blob, maxSizeMb: number | undefined): boolean {
  return maxSizeMb !== undefined && file.size > maxSizeMb * BYTES_PER_MB;
}

export function isSameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

/** Adds the picked files to the attached ones: duplicates are skipped, oversized ones refused. */
export function attachFiles(
  attached: readonly File[],
  picked: readonly File[],
  maxSizeMb: number | undefined,
): { files: File[]; refused: File[] } {
  const files = [...attached];
  const refused: File[] = [];
  for (const file of picked) {
    if (isTooLarge(file, maxSizeMb)) refused.push(file);
    else if (!files.some((other) => isSameFile(other, file))) files.push(file);
  }
  return { files, refused };
}

export type MessageError = 'messageRequired';

/** The message is required (the contract asks for at least one character, spaces do not count). */
export function validateMessage(message: string): MessageError | undefined {
  return message.trim() ? undefined : 'messageRequired';
}
