import { fail, getBody, getSession, okFor, type AppContext, type RequestBody } from '../../http.js';
import { messagesOf } from '../../world/chat/chat-generation.js';
import {
  chatFileKey,
  chatSlice,
  indexPrivateChat,
  privateKey,
  type Chat,
  type Conversation,
  type Person,
  type PrivateChat,
} from '../../world/chat/chat-planning.js';
import { capWrittenMessages, memberGroupChat } from '../../world/chat/chat-queries.js';
import { storeUploads, type StoredFile } from '../../world/core/files.js';
import {
  isStudent,
  isTeacher,
  otherRole,
  ROLE_STUDENT,
  ROLE_TEACHER,
} from '../../world/core/roles.js';
import { whoIs } from '../../world/core/sessions.js';
import { fitsStorage, storageFullMessage } from '../../world/core/storage.js';
import type { Store } from '../../world/core/store.js';
import { toBishkekIso } from '../../world/core/time.js';
import type { RouteDeps } from '../route-deps.js';
import { NOT_A_MEMBER } from './group-membership.js';

type InsertForm = RequestBody<'chatInsertMessage'>;

/**
 * Where a private message from `sender` to a contact goes: the chat of the offering in which the
 * teacher teaches the student's group that discipline in that ws (the form has no year; the
 * offering gives it). Undefined when they have no such offering: not the sender's contact.
 */
function privateTarget(chat: Chat, sender: Person, form: InsertForm) {
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

/**
 * The chat the message goes to, as a step to take once every check passed (the first private
 * message of a pair creates their chat); or the 403 answer: a group chat the sender is not in, or
 * someone who is not the sender's contact.
 */
function conversationFor(
  c: AppContext,
  chat: Chat,
  sender: Person,
  form: InsertForm,
): (() => Conversation) | Response {
  if (form.IsGroupChat) {
    const group = memberGroupChat(chat, sender, form.group_subgroup, form.isSelect);
    if (!group) return fail(c, 403, NOT_A_MEMBER);
    return () => group;
  }
  const target = privateTarget(chat, sender, form);
  if (!target) return fail(c, 403, 'Forbidden: not your contact in this discipline');
  return () => {
    if (target.existing) return target.existing;
    const created = target.create();
    indexPrivateChat(chat, created);
    return created;
  };
}

/**
 * Appends the message with its files to its chat: one more unread for the other side of a private
 * chat, and past the cap the oldest written messages go. Its id.
 */
function appendMessage(
  store: Store,
  conv: Conversation,
  sender: Person,
  text: string,
  stored: StoredFile[],
) {
  const chat = store.get(chatSlice);
  const messages = messagesOf(chat, conv);
  const id_message = chat.nextId;
  chat.nextId += 1;
  messages.push({
    id_message,
    senderType: sender.role,
    senderId: sender.id,
    message: text,
    created: toBishkekIso(store.tick()),
    files: stored.map((file) => file.name),
    isRead: false,
  });
  chat.insertedIn.set(id_message, conv);
  for (const file of stored) chat.files.set(chatFileKey(id_message, file.name), file);
  if (conv.kind === 'private') conv.unread[otherRole(sender.role)] += 1;
  capWrittenMessages(chat, store.maxWritten);
  return id_message;
}

/** A message with text or files, to a group chat the sender is in or to one of their contacts. */
export const chatInsertMessage =
  ({ store, settings }: RouteDeps) =>
  async (c: AppContext) => {
    const form = getBody<'chatInsertMessage'>(c);
    const { person } = whoIs(store, getSession(c));
    const chat = store.get(chatSlice);
    const uploads = form.file ?? [];
    if (form.message.trim() === '' && uploads.length === 0) {
      return fail(c, 400, 'body/message: must not be empty without a file');
    }
    const conversation = conversationFor(c, chat, person, form);
    if (conversation instanceof Response) return conversation;
    if (!fitsStorage(store, settings.maxStorageMb, uploads)) {
      return fail(c, 507, storageFullMessage(settings.maxStorageMb));
    }
    const stored = await storeUploads(store.uploads, uploads);

    // state changes only after every check passed and every file was read
    const id_message = appendMessage(store, conversation(), person, form.message, stored);
    return okFor<'chatInsertMessage'>(c, { id_message });
  };
