import { fail, type AppContext, type Schema } from '../../http.js';
import type { Chat, Person } from '../../world/chat/chat-planning.js';
import { memberGroupChat } from '../../world/chat/chat-queries.js';

export const NOT_A_MEMBER = 'Forbidden: not a member of this group chat';

/**
 * The group chat that a ChatQuery with id_to -1 names by gr_potok / IsSelect, when the reader is a
 * member of it; otherwise the answer to give: 400 without gr_potok, 403 for a chat the reader is
 * not in (or that does not exist).
 */
export function queriedGroupChat(
  c: AppContext,
  chat: Chat,
  reader: Person,
  query: Schema<'ChatQuery'>,
) {
  if (query.gr_potok === undefined) {
    return fail(c, 400, 'body/gr_potok: is required when id_to is -1');
  }
  return (
    memberGroupChat(chat, reader, query.gr_potok, query.IsSelect) ?? fail(c, 403, NOT_A_MEMBER)
  );
}
