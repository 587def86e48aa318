// Area "chat": private conversations between a teacher and a student (per year, ws and
// discipline) and group chats (per group or stream). Pages of 20, oldest first inside a page.
// The session, not the body's id_from / uid / from, says who reads and writes.
import { createRouter, fail, getBody, getSession, okFor, type RequestBody } from '../http.js';
import {
  chatFileKey,
  chatSlice,
  findMessage,
  findPrivateChat,
  groupChatKey,
  groupUnread,
  indexPrivateChat,
  isGroupMember,
  isSender,
  latestPage,
  markGroupAllRead,
  markGroupRead,
  messagesOf,
  newerThan,
  olderThan,
  privateKey,
  privateUnread,
  toChatMessage,
  unreadByContact,
  type Chat,
  type ChatMessageRecord,
  type Conversation,
  type Person,
  type PrivateChat,
  type UnreadInfo,
} from '../world/chat.js';
import { cleanFileName, storeUpload } from '../world/files.js';
import { whoIs } from '../world/sessions.js';
import { toBishkekIso } from '../world/time.js';
import type { Role } from '../world/university.js';
import type { RouteDeps } from './route-deps.js';

const emptyPage = { messages: [], unreades_start: null, unreades_total: 0 };

function page(
  chat: Chat,
  messages: readonly ChatMessageRecord[],
  reader: Person,
  unread: UnreadInfo,
  withFio = false,
) {
  return { messages: messages.map((m) => toChatMessage(chat, m, reader, withFio)), ...unread };
}

/**
 * Where a private message from `sender` to a contact goes: the chat of the offering in which the
 * teacher teaches the student's group that discipline in that ws (the form has no year; the
 * offering gives it). Undefined when they have no such offering: not the sender's contact.
 */
function privateTarget(chat: Chat, sender: Person, form: RequestBody<'chatInsertMessage'>) {
  const { university, index } = chat.world;
  if (form.currentContactType === sender.role) return undefined;
  const teacherId = sender.role === 1 ? sender.id : form.currentContactId;
  const student = sender.role === 2 ? sender : university.studentById.get(form.currentContactId);
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
      unread: { 1: 0, 2: 0 },
      seedUnreadTo: 1,
      seedUnread: 0,
    }),
  };
}

export const chatRoutes = ({ store }: RouteDeps) =>
  createRouter()
    .post('/api/chat/messages', (c) => {
      const query = getBody<'chatGetMessages'>(c);
      const { person } = whoIs(store, getSession(c));
      const chat = store.get(chatSlice);
      const conv = findPrivateChat(chat, person, query);
      if (!conv) return okFor<'chatGetMessages'>(c, emptyPage);
      const messages = latestPage(messagesOf(chat, conv));
      return okFor<'chatGetMessages'>(
        c,
        page(chat, messages, person, privateUnread(chat, conv, person)),
      );
    })

    .post('/api/chat/new', (c) => {
      const query = getBody<'chatGetNewMessages'>(c);
      const { person } = whoIs(store, getSession(c));
      const chat = store.get(chatSlice);
      const conv = findPrivateChat(chat, person, query);
      if (!conv) return okFor<'chatGetNewMessages'>(c, emptyPage);
      const messages = newerThan(messagesOf(chat, conv), query.id_last_message);
      return okFor<'chatGetNewMessages'>(
        c,
        page(chat, messages, person, privateUnread(chat, conv, person)),
      );
    })

    .post('/api/chat/old', (c) => {
      const query = getBody<'chatGetOldMessages'>(c);
      const { person } = whoIs(store, getSession(c));
      const chat = store.get(chatSlice);
      const conv = findPrivateChat(chat, person, query);
      if (!conv) return okFor<'chatGetOldMessages'>(c, emptyPage);
      const messages = olderThan(messagesOf(chat, conv), query.id_top_message);
      return okFor<'chatGetOldMessages'>(
        c,
        page(chat, messages, person, privateUnread(chat, conv, person)),
      );
    })

    // Per contact in the query's year, ws and discipline; a student also gets their group chat
    // as the pseudo-contact -1.
    .post('/api/chat/count', (c) => {
      const { year, ws, id_discipline } = getBody<'chatCountUnread'>(c);
      const { person } = whoIs(store, getSession(c));
      const chat = store.get(chatSlice);
      const contactType: Role = person.role === 1 ? 2 : 1;
      const rows = [...unreadByContact(chat, person, year, ws, id_discipline)].map(
        ([idid, countMessages]) => ({ idid, id_type: contactType, countMessages }),
      );
      if (person.role === 2) {
        const own = chat.groupChats.get(groupChatKey(person.id_group, false));
        const unread = own ? groupUnread(chat, own, person).unreades_total : 0;
        if (unread > 0) rows.push({ idid: -1, id_type: 2, countMessages: unread });
      }
      return okFor<'chatCountUnread'>(c, rows);
    })

    .post('/api/chat/readall', (c) => {
      const query = getBody<'chatReadAll'>(c);
      const { person } = whoIs(store, getSession(c));
      const chat = store.get(chatSlice);
      if (query.id_to === -1 && person.role === 2) {
        const own = chat.groupChats.get(groupChatKey(person.id_group, false));
        if (own) markGroupAllRead(chat, own, person);
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
        const group = chat.groupChats.get(groupChatKey(form.group_subgroup, form.isSelect));
        if (!group || !isGroupMember(group, person)) {
          return fail(c, 403, 'Forbidden: not a member of this group chat');
        }
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

      const names = new Set<string>();
      const stored = await Promise.all(
        uploads.map((upload) => {
          const name = cleanFileName(upload.name, names);
          names.add(name);
          return storeUpload(upload, name);
        }),
      );

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
      if (conv.kind === 'private') conv.unread[person.role === 1 ? 2 : 1] += 1;
      return okFor<'chatInsertMessage'>(c, { id_message });
    })

    .post('/api/chat/group/messages', (c) => {
      const { gr_potok, IsSelect, id_lastMessage } = getBody<'chatGetGroupMessages'>(c);
      const { person } = whoIs(store, getSession(c));
      const chat = store.get(chatSlice);
      const conv = chat.groupChats.get(groupChatKey(gr_potok, IsSelect));
      if (!conv) return okFor<'chatGetGroupMessages'>(c, emptyPage);
      const all = messagesOf(chat, conv);
      const messages = id_lastMessage === 0 ? latestPage(all) : newerThan(all, id_lastMessage);
      return okFor<'chatGetGroupMessages'>(
        c,
        page(chat, messages, person, groupUnread(chat, conv, person), true),
      );
    })

    // Only the recipient: the other side of a private chat, or a member of the group chat who did
    // not write the message.
    .post('/api/chat/read', (c) => {
      const { id_message } = getBody<'chatReadMessage'>(c);
      const { person } = whoIs(store, getSession(c));
      const chat = store.get(chatSlice);
      const found = findMessage(chat, id_message);
      if (!found) return fail(c, 404, 'Not found');
      const { conv, message } = found;
      if (isSender(message, person)) return fail(c, 403, 'Forbidden: your own message');
      if (conv.kind === 'private') {
        const recipientId = message.senderType === 1 ? conv.studentId : conv.teacherId;
        if (person.role === message.senderType || person.id !== recipientId) {
          return fail(c, 403, 'Forbidden: not addressed to you');
        }
        if (!message.isRead) {
          message.isRead = true;
          conv.unread[person.role] = Math.max(0, conv.unread[person.role] - 1);
        }
        return okFor<'chatReadMessage'>(c, true);
      }
      if (!isGroupMember(conv, person))
        return fail(c, 403, 'Forbidden: not a member of this group chat');
      markGroupRead(conv, person, id_message);
      return okFor<'chatReadMessage'>(c, true);
    })

    .post('/api/chat/deletemessage', (c) => {
      const { id_message } = getBody<'chatDeleteMessage'>(c);
      const { person } = whoIs(store, getSession(c));
      const chat = store.get(chatSlice);
      const found = findMessage(chat, id_message);
      if (!found) return fail(c, 404, 'Not found');
      const { conv, index, message } = found;
      if (!isSender(message, person)) return fail(c, 403, 'Forbidden: not your message');
      messagesOf(chat, conv).splice(index, 1);
      if (conv.kind === 'private' && !message.isRead) {
        const recipient: Role = message.senderType === 1 ? 2 : 1;
        conv.unread[recipient] = Math.max(0, conv.unread[recipient] - 1);
      }
      for (const name of message.files) chat.files.delete(chatFileKey(id_message, name));
      chat.insertedIn.delete(id_message);
      return okFor<'chatDeleteMessage'>(c, [{ result: 1 }]);
    });
