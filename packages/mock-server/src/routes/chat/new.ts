import { getBody, okJson, type AppContext } from '../../http.js';
import type { ChatMessageRecord } from '../../world/chat/chat-planning.js';
import { newerThan } from '../../world/chat/chat-queries.js';
import type { RouteDeps } from '../route-deps.js';
import { privatePage } from './pages.js';

/** The page of a private chat after id_last_message. */
export const chatGetNewMessages =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const query = getBody<'chatGetNewMessages'>(c);
    const newer = (all: readonly ChatMessageRecord[]) => newerThan(all, query.id_last_message);
    return okJson<'chatGetNewMessages'>(c, privatePage(store, c, query, newer));
  };
