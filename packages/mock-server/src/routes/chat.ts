// Area "chat": private conversations between a teacher and a student (per year, ws and
// discipline) and group chats (per group or stream). Pages of 20, oldest first inside a page.
// The session says who reads and writes; x-owner (src/ownership.ts) has made the body's id_from /
// uid / from name it, and the handlers check the rest: contacts, group membership, a message's sender.
import {
  createRouter,
  fail,
  getBody,
  getSession,
  joinJson,
  jsonList,
  okFor,
  okJson,
  type AppContext,
  type Json,
  type JsonParts,
  type RequestBody,
  type Schema,
} from '../http.js';
import { messagesOf } from '../world/chat/chat-generation.js';
import {
  chatFileKey,
  chatSlice,
  indexPrivateChat,
  privateKey,
  type Chat,
  type ChatMessageRecord,
  type Conversation,
  type GroupChat,
  type Person,
  type PrivateChat,
} from '../world/chat/chat-planning.js';
import {
  capWrittenMessages,
  dropUnread,
  findMessage,
  findPrivateChat,
  GROUP_CHAT_ID,
  groupUnread,
  isGroupMember,
  isSender,
  latestPage,
  markGroupAllRead,
  markGroupRead,
  memberGroupChat,
  newerThan,
  olderThan,
  ownGroupChat,
  privateUnread,
  removeMessage,
  chatMessageJson,
  unreadByContact,
  type UnreadInfo,
} from '../world/chat/chat-queries.js';
import { storeUploads } from '../world/core/files.js';
import {
  isStudent,
  isTeacher,
  otherRole,
  ROLE_STUDENT,
  ROLE_TEACHER,
} from '../world/core/roles.js';
import { whoIs } from '../world/core/sessions.js';
import type { Store } from '../world/core/store.js';
import { toBishkekIso } from '../world/core/time.js';
import { fitsStorage, storageFullMessage } from '../world/core/storage.js';
import type { RouteDeps } from './route-deps.js';

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
const NOT_A_MEMBER = 'Forbidden: not a member of this group chat';

/**
 * The group chat that a ChatQuery with id_to -1 names by gr_potok / IsSelect, when the reader is a
 * member of it; otherwise the answer to give: 400 without gr_potok, 403 for a chat the reader is
 * not in (or that does not exist).
 */
function queriedGroupChat(c: AppContext, chat: Chat, reader: Person, query: Schema<'ChatQuery'>) {
  if (query.gr_potok === undefined) {
    return fail(c, 400, 'body/gr_potok: is required when id_to is -1');
  }
  return (
    memberGroupChat(chat, reader, query.gr_potok, query.IsSelect) ?? fail(c, 403, NOT_A_MEMBER)
  );
}

function page(
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
function privatePage(
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

/** The message a body names, with its chat and who asks; undefined when it does not exist (404). */
function namedMessage(store: Store, c: AppContext, id_message: number) {
  const { person } = whoIs(store, getSession(c));
  const chat = store.get(chatSlice);
  const found = findMessage(chat, id_message);
  return found && { ...found, chat, person };
}

/**
 * Where a private message from `sender` to a contact goes: the chat of the offering in which the
 * teacher teaches the student's group that discipline in that ws (the form has no year; the
 * offering gives it). Undefined when they have no such offering: not the sender's contact.
 */
function privateTarget(chat: Chat, sender: Person, form: RequestBody<'chatInsertMessage'>) {
  const { university, index } = chat.world;
  if (form.currentContactType === sender.role) return undefined;
  const teacherId = isTeacher(sender) ? sender.id : form.currentContactId;
  const student = isStudent(sender) ? sender : university.studentById.get(form.currentContactId);
  if (!student || !university.teacherById.has(teacherId)) return undefined;
  const offering = (index.offeringsByGroup.get(student.id_group) ?? [])
    .filter(
      (o) =>
        o.id_teacher === teacherId && o.id_discipline === form.discipline && o.ws === form.semester,
    )
    .sort((a, b) => b.id_a_year - a.id_a_year)[0];
  if (!offering) return undefined;
  const key = privateKey(
    offering.id_a_year,
    offering.ws,
    offering.id_discipline,
    teacherId,
    student.id,
  );
  return {
    existing: chat.privateByKey.get(key),
    create: (): PrivateChat => ({
      kind: 'private',
      key,
      firstId: 0,
      seeded: 0,
      seed: 0,
      lastAt: 0,
      messages: [],
      id_a_year: offering.id_a_year,
      ws: offering.ws,
      id_discipline: offering.id_discipline,
      teacherId,
      studentId: student.id,
      unread: { [ROLE_TEACHER]: 0, [ROLE_STUDENT]: 0 },
      seedUnreadTo: ROLE_TEACHER,
      seedUnread: 0,
    }),
  };
}

export const chatRoutes = ({ store, settings }: RouteDeps) =>
  createRouter()
    .post('/api/chat/messages', (c) => {
      const query = getBody<'chatGetMessages'>(c);
      return okJson<'chatGetMessages'>(c, privatePage(store, c, query, latestPage));
    })

    .post('/api/chat/new', (c) => {
      const query = getBody<'chatGetNewMessages'>(c);
      const newer = (all: readonly ChatMessageRecord[]) => newerThan(all, query.id_last_message);
      return okJson<'chatGetNewMessages'>(c, privatePage(store, c, query, newer));
    })

    .post('/api/chat/old', (c) => {
      const query = getBody<'chatGetOldMessages'>(c);
      const older = (all: readonly ChatMessageRecord[]) => olderThan(all, query.id_top_message);
      return okJson<'chatGetOldMessages'>(c, privatePage(store, c, query, older));
    })

    // Per contact in the query's year, ws and discipline (a person as id_to does not narrow them),
    // and the group chat as the pseudo-contact -1: with id_to -1 the one gr_potok / IsSelect names
    // (members only), otherwise a student's own group's.
    .post('/api/chat/count', (c) => {
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
    })

    .post('/api/chat/readall', (c) => {
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
    })

    .post('/api/chat/insert', async (c) => {
      const form = getBody<'chatInsertMessage'>(c);
      const { person } = whoIs(store, getSession(c));
      const chat = store.get(chatSlice);
      const uploads = form.file ?? [];
      if (form.message.trim() === '' && uploads.length === 0) {
        return fail(c, 400, 'body/message: must not be empty without a file');
      }

      // the chat the message goes to, created on the first private message of a pair
      let conversation: () => Conversation;
      if (form.IsGroupChat) {
        const group = memberGroupChat(chat, person, form.group_subgroup, form.isSelect);
        if (!group) return fail(c, 403, NOT_A_MEMBER);
        conversation = () => group;
      } else {
        const target = privateTarget(chat, person, form);
        if (!target) return fail(c, 403, 'Forbidden: not your contact in this discipline');
        conversation = () => {
          if (target.existing) return target.existing;
          const created = target.create();
          indexPrivateChat(chat, created);
          return created;
        };
      }

      if (!fitsStorage(store, settings.maxStorageMb, uploads)) {
        return fail(c, 507, storageFullMessage(settings.maxStorageMb));
      }
      const stored = await storeUploads(store.uploads, uploads);

      // state changes only after every check passed and every file was read
      const conv = conversation();
      const messages = messagesOf(chat, conv);
      const id_message = chat.nextId;
      chat.nextId += 1;
      messages.push({
        id_message,
        senderType: person.role,
        senderId: person.id,
        message: form.message,
        created: toBishkekIso(store.tick()),
        files: stored.map((file) => file.name),
        isRead: false,
      });
      chat.insertedIn.set(id_message, conv);
      for (const file of stored) chat.files.set(chatFileKey(id_message, file.name), file);
      if (conv.kind === 'private') conv.unread[otherRole(person.role)] += 1;
      capWrittenMessages(chat, store.maxWritten);
      return okFor<'chatInsertMessage'>(c, { id_message });
    })

    // The latest page (id_lastMessage 0), the page after id_lastMessage, or with id_lastMessage 0
    // and id_topMessage the page before id_topMessage; members only.
    .post('/api/chat/group/messages', (c) => {
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
    })

    // Only the recipient: the other side of a private chat, or a member of the group chat who did
    // not write the message.
    .post('/api/chat/read', (c) => {
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
    })

    .post('/api/chat/deletemessage', (c) => {
      const { id_message } = getBody<'chatDeleteMessage'>(c);
      const found = namedMessage(store, c, id_message);
      if (!found) return fail(c, 404, 'Not found');
      const { chat, person, conv, index, message } = found;
      if (!isSender(message, person)) return fail(c, 403, 'Forbidden: not your message');
      removeMessage(chat, conv, index);
      return okFor<'chatDeleteMessage'>(c, [{ result: 1 }]);
    });
