import { fail, getBody, okFor, type AppContext } from '../../http.js';
import { isSender, removeMessage } from '../../world/chat/chat-queries.js';
import type { RouteDeps } from '../route-deps.js';
import { namedMessage } from './named-message.js';

/** Only the sender deletes a message. */
export const chatDeleteMessage =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const { id_message } = getBody<'chatDeleteMessage'>(c);
    const found = namedMessage(store, c, id_message);
    if (!found) return fail(c, 404, 'Not found');
    const { chat, person, conv, index, message } = found;
    if (!isSender(message, person)) return fail(c, 403, 'Forbidden: not your message');
    removeMessage(chat, conv, index);
    return okFor<'chatDeleteMessage'>(c, [{ result: 1 }]);
  };
