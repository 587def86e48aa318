import { PLACEHOLDER_ID } from '../../../lib/ui-state/pickers';
import type { NewsAudience } from '../api/insert-news';

/** The news audience: 0 everybody, 1 teachers, 2 students. */
export const AUDIENCES: readonly NewsAudience[] = [0, 1, 2];
export const AUDIENCE_KEYS = { 0: 'all', 1: 'teachers', 2: 'students' } as const;
/** The faculty picker's "all faculties" entry: the contract's id_faculty -1, its placeholder. */
export const ALL_FACULTIES = PLACEHOLDER_ID;
/** The contract's longest message. */
export const MESSAGE_MAX_LENGTH = 5000;

export type MessageError = 'messageRequired';

/** The message is required (the contract asks for at least one character, spaces do not count). */
export function validateMessage(message: string): MessageError | undefined {
  return message.trim() ? undefined : 'messageRequired';
}
