import { getBody, okJson, type AppContext } from '../../http.js';
import { latestPage } from '../../world/chat/chat-queries.js';
import type { RouteDeps } from '../route-deps.js';
import { privatePage } from './pages.js';

/** The latest page of a private chat. */
export const chatGetMessages =
  ({ store }: RouteDeps) =>
  (c: AppContext) => {
    const query = getBody<'chatGetMessages'>(c);
    return okJson<'chatGetMessages'>(c, privatePage(store, c, query, latestPage));
  };
