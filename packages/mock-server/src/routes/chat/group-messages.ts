import { fail, getBody, getSession, okJson, type AppContext } from '../../http.js';
import { messagesOf } from '../../world/chat/chat-generation.js';
import { chatSlice } from '../../world/chat/chat-planning.js';
import {
  groupUnread,
  latestPage,
  memberGroupChat,
  newerThan,
  olderThan,
} from '../../world/chat/chat-queries.js';
import { whoIs } from '../../world/core/sessions.js';
import type { RouteDeps } from '../route-deps.js';
import { NOT_A_MEMBER } from './group-membership.js';
import { page } from './pages.js';

/**
 * The latest page (id_lastMessage 0), the page after id_lastMessage, or with id_lastMessage 0 and
 * id_topMessage the page before id_topMessage; members only.
 */
export const chatGetGroupMessages =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const { gr_potok, IsSelect, id_lastMessage, id_topMessage } =
      getBody<'chatGetGroupMessages'>(c);
    if (id_topMessage !== undefined && id_lastMessage !== 0) {
      return fail(c, 400, 'body/id_topMessage: only with id_lastMessage 0');
    }
    const { person } = whoIs(store, getSession(c));
    const chat = store.get(chatSlice);
    const conv = memberGroupChat(chat, person, gr_potok, IsSelect);
    if (!conv) return fail(c, 403, NOT_A_MEMBER);
    const all = messagesOf(chat, conv);
    const messages =
      id_lastMessage > 0
        ? newerThan(all, id_lastMessage)
        : id_topMessage === undefined
          ? latestPage(all)
          : olderThan(all, id_topMessage);
    return okJson<'chatGetGroupMessages'>(
      c,
      page(chat, messages, person, groupUnread(chat, conv, person), true),
    );
  };
