import { getBody, getSession, okFor, type AppContext } from '../../http.js';
import { chatSlice, type GroupChat } from '../../world/chat/chat-planning.js';
import {
  GROUP_CHAT_ID,
  groupUnread,
  ownGroupChat,
  unreadByContact,
} from '../../world/chat/chat-queries.js';
import { otherRole, ROLE_STUDENT } from '../../world/core/roles.js';
import { whoIs } from '../../world/core/sessions.js';
import type { RouteDeps } from '../route-deps.js';
import { queriedGroupChat } from './group-membership.js';

/**
 * Per contact in the query's year, ws and discipline (a person as id_to does not narrow them),
 * and the group chat as the pseudo-contact -1: with id_to -1 the one gr_potok / IsSelect names
 * (members only), otherwise a student's own group's.
 */
export const chatCountUnread =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const query = getBody<'chatCountUnread'>(c);
    const { person } = whoIs(store, getSession(c));
    const chat = store.get(chatSlice);
    let group: GroupChat | undefined;
    if (query.id_to === GROUP_CHAT_ID) {
      const named = queriedGroupChat(c, chat, person, query);
      if (named instanceof Response) return named;
      group = named;
    } else {
      group = ownGroupChat(chat, person);
    }
    const { year, ws, id_discipline } = query;
    const contactType = otherRole(person.role);
    const rows = [...unreadByContact(chat, person, year, ws, id_discipline)].map(
      ([idid, countMessages]) => ({ idid, id_type: contactType, countMessages }),
    );
    const unread = group ? groupUnread(chat, group, person).unreades_total : 0;
    if (unread > 0)
      rows.push({ idid: GROUP_CHAT_ID, id_type: ROLE_STUDENT, countMessages: unread });
    return okFor<'chatCountUnread'>(c, rows);
  };
