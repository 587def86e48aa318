import { fail, getBody, okFor, type AppContext } from '../../http.js';
import {
  dropUnread,
  isGroupMember,
  isSender,
  markGroupRead,
} from '../../world/chat/chat-queries.js';
import { ROLE_TEACHER } from '../../world/core/roles.js';
import type { RouteDeps } from '../route-deps.js';
import { NOT_A_MEMBER } from './group-membership.js';
import { namedMessage } from './named-message.js';

/**
 * Only the recipient: the other side of a private chat, or a member of the group chat who did not
 * write the message.
 */
export const chatReadMessage =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const { id_message } = getBody<'chatReadMessage'>(c);
    const found = namedMessage(store, c, id_message);
    if (!found) return fail(c, 404, 'Not found');
    const { person, conv, message } = found;
    if (isSender(message, person)) return fail(c, 403, 'Forbidden: your own message');
    if (conv.kind === 'private') {
      const recipientId = message.senderType === ROLE_TEACHER ? conv.studentId : conv.teacherId;
      if (person.role === message.senderType || person.id !== recipientId) {
        return fail(c, 403, 'Forbidden: not addressed to you');
      }
      if (!message.isRead) {
        message.isRead = true;
        dropUnread(conv, person.role);
      }
      return okFor<'chatReadMessage'>(c, true);
    }
    if (!isGroupMember(conv, person)) return fail(c, 403, NOT_A_MEMBER);
    markGroupRead(conv, person, id_message);
    return okFor<'chatReadMessage'>(c, true);
  };
