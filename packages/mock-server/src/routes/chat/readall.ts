import { getBody, getSession, okFor, type AppContext } from '../../http.js';
import { messagesOf } from '../../world/chat/chat-generation.js';
import { chatSlice } from '../../world/chat/chat-planning.js';
import {
  findPrivateChat,
  GROUP_CHAT_ID,
  isSender,
  markGroupAllRead,
} from '../../world/chat/chat-queries.js';
import { whoIs } from '../../world/core/sessions.js';
import type { RouteDeps } from '../route-deps.js';
import { queriedGroupChat } from './group-membership.js';

/**
 * Marks read every message to the reader in a private chat, or (id_to -1) in the group chat that
 * gr_potok / IsSelect names, members only.
 */
export const chatReadAll =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const query = getBody<'chatReadAll'>(c);
    const { person } = whoIs(store, getSession(c));
    const chat = store.get(chatSlice);
    if (query.id_to === GROUP_CHAT_ID) {
      const group = queriedGroupChat(c, chat, person, query);
      if (group instanceof Response) return group;
      markGroupAllRead(chat, group, person);
      return okFor<'chatReadAll'>(c, true);
    }
    const conv = findPrivateChat(chat, person, query);
    if (conv && conv.unread[person.role] > 0) {
      for (const m of messagesOf(chat, conv)) {
        if (!isSender(m, person)) m.isRead = true;
      }
      conv.unread[person.role] = 0;
    }
    return okFor<'chatReadAll'>(c, true);
  };
