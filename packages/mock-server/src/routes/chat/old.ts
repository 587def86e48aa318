import { getBody, okJson, type AppContext } from '../../http.js';
import type { ChatMessageRecord } from '../../world/chat/chat-planning.js';
import { olderThan } from '../../world/chat/chat-queries.js';
import type { RouteDeps } from '../route-deps.js';
import { privatePage } from './pages.js';

/** The page of a private chat before id_top_message. */
export const chatGetOldMessages =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const query = getBody<'chatGetOldMessages'>(c);
    const older = (all: readonly ChatMessageRecord[]) => olderThan(all, query.id_top_message);
    return okJson<'chatGetOldMessages'>(c, privatePage(store, c, query, older));
  };
