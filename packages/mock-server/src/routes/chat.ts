// Area "chat": private conversations between a teacher and a student (per year, ws and
// discipline) and group chats (per group or stream). Pages of 20, oldest first inside a page.
// The session says who reads and writes; x-owner (src/ownership.ts) has made the body's id_from /
// uid / from name it, and the handlers check the rest: contacts, group membership, a message's sender.
// One handler per operation in routes/chat/, its file named by the path after /api/chat/ (a `/`
// in it made `-`), beside what several share: pages.ts, group-membership.ts, named-message.ts.
import { createRouter } from '../http.js';
import { chatCountUnread } from './chat/count.js';
import { chatDeleteMessage } from './chat/deletemessage.js';
import { chatGetGroupMessages } from './chat/group-messages.js';
import { chatInsertMessage } from './chat/insert.js';
import { chatGetMessages } from './chat/messages.js';
import { chatGetNewMessages } from './chat/new.js';
import { chatGetOldMessages } from './chat/old.js';
import { chatReadMessage } from './chat/read.js';
import { chatReadAll } from './chat/readall.js';
import type { RouteDeps } from './route-deps.js';

export const chatRoutes = (deps: RouteDeps) =>
  createRouter()
    .post('/api/chat/messages', chatGetMessages(deps))
    .post('/api/chat/new', chatGetNewMessages(deps))
    .post('/api/chat/old', chatGetOldMessages(deps))
    .post('/api/chat/count', chatCountUnread(deps))
    .post('/api/chat/readall', chatReadAll(deps))
    .post('/api/chat/insert', chatInsertMessage(deps))
    .post('/api/chat/group/messages', chatGetGroupMessages(deps))
    .post('/api/chat/read', chatReadMessage(deps))
    .post('/api/chat/deletemessage', chatDeleteMessage(deps));
