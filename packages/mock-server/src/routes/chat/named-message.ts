import { getSession, type AppContext } from '../../http.js';
import { chatSlice } from '../../world/chat/chat-planning.js';
import { findMessage } from '../../world/chat/chat-queries.js';
import { whoIs } from '../../world/core/sessions.js';
import type { Store } from '../../world/core/store.js';

/** The message a body names, with its chat and who asks; undefined when it does not exist (404). */
export function namedMessage(store: Store, c: AppContext, id_message: number) {
  const { person } = whoIs(store, getSession(c));
  const chat = store.get(chatSlice);
  const found = findMessage(chat, id_message);
  return found && { ...found, chat, person };
}
