import { parseNewsFiles } from '@lms/client';
import type { ChatMessage } from './conversation';

/** What was sent: the text as typed and the names of the attached files. */
export interface SentMessage {
  text: string;
  fileNames: readonly string[];
}

const sortedNames = (names: readonly string[]) => names.map((name) => name.trim()).sort();

/** One of my stored messages with the sent text (trimmed) and the same attached file names. */
export function isSameMessage(message: ChatMessage, sent: SentMessage): boolean {
  if (!message.ismine || message.message.trim() !== sent.text.trim()) return false;
  const stored = sortedNames(parseNewsFiles(message.files));
  const attached = sortedNames(sent.fileNames);
  return stored.length === attached.length && stored.every((name, i) => name === attached[i]);
}
