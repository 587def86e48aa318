// The JSON of a page of chat messages, joined from its messages' JSON (src/json-text.ts): what
// the page operations answer with okJson.
import {
  getSession,
  joinJson,
  jsonList,
  type AppContext,
  type Json,
  type JsonParts,
  type Schema,
} from '../../http.js';
import { messagesOf } from '../../world/chat/chat-generation.js';
import {
  chatSlice,
  type Chat,
  type ChatMessageRecord,
  type Person,
} from '../../world/chat/chat-planning.js';
import {
  chatMessageJson,
  findPrivateChat,
  privateUnread,
  type UnreadInfo,
} from '../../world/chat/chat-queries.js';
import { whoIs } from '../../world/core/sessions.js';
import type { Store } from '../../world/core/store.js';

type PageJson = JsonParts<Schema<'ChatMessagesPage'>>;

// The constant pieces of a page's JSON, as bytes made once.
const PAGE_OPEN = Buffer.from('{"messages":');
const UNREADES_START = Buffer.from(',"unreades_start":');
const UNREADES_TOTAL = Buffer.from(',"unreades_total":');
const PAGE_CLOSE = Buffer.from('}');

/** A page as JSON, from its messages' JSON: what JSON.stringify({ messages, ...unread }) writes. */
const pageJson = (messages: readonly Json<Schema<'ChatMessage'>>[], unread: UnreadInfo) =>
  joinJson<Schema<'ChatMessagesPage'>>([
    PAGE_OPEN,
    jsonList(messages),
    UNREADES_START,
    JSON.stringify(unread.unreades_start),
    UNREADES_TOTAL,
    JSON.stringify(unread.unreades_total),
    PAGE_CLOSE,
  ]);

const emptyPage = pageJson([], { unreades_start: null, unreades_total: 0 });

/** A page of messages as the reader sees them (group chats name each sender: `withFio`). */
export function page(
  chat: Chat,
  messages: readonly ChatMessageRecord[],
  reader: Person,
  unread: UnreadInfo,
  withFio = false,
): PageJson {
  return pageJson(
    messages.map((m) => chatMessageJson(chat, m, reader, withFio)),
    unread,
  );
}

/**
 * A page of the signed-in reader's private chat that a query names (empty when there is no such
 * chat); `select` cuts the page from all its messages.
 */
export function privatePage(
  store: Store,
  c: AppContext,
  query: Parameters<typeof findPrivateChat>[2],
  select: (all: readonly ChatMessageRecord[]) => readonly ChatMessageRecord[],
) {
  const { person } = whoIs(store, getSession(c));
  const chat = store.get(chatSlice);
  const conv = findPrivateChat(chat, person, query);
  if (!conv) return emptyPage;
  return page(chat, select(messagesOf(chat, conv)), person, privateUnread(chat, conv, person));
}
