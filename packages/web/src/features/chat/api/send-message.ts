import { upload, type components, type UploadProgress } from '@lms/client';
import { signal } from '@preact/signals-react';
import type { QueryClient } from '@tanstack/react-query';
import {
  createOutbox,
  type OutboxEntry,
  type Reconciled,
} from '../../../lib/offline/outbox/outbox';
import { screenSender, type Sender } from '../../../lib/offline/outbox/screen-sender';
import { keepFilesApart } from '../../../lib/offline/outbox/outbox-files';
import type { Conversation } from '../utils/conversation';
import { holdAccepted, type ChatThread } from '../utils/thread';
import { chatKeys } from './chat-keys';
import { findStoredMessage, newestMessageId } from './reconcile-message';

export type ChatInsertFields = Omit<components['schemas']['ChatInsertForm'], 'file'>;

/** One message waiting to be sent: the send form's fields; its files travel with the entry. */
export interface ChatSend {
  fields: ChatInsertFields;
  /** The conversation it goes to, to read it back (absent in entries kept by earlier versions). */
  conversation?: Conversation;
  /** The newest message id of the conversation before the first send (set by the outbox). */
  after?: number;
}

/** What the chat screen lends the outbox: its client, and the cache its conversations are in. */
export interface ChatSender extends Sender {
  queryClient: QueryClient;
}

/** Nothing is sent while no chat screen of the writer is open; the entry waits. */
const sender = screenSender<ChatSend, ChatSender>('The chat is not open');
const controllers = new Map<string, AbortController>();

/** Upload progress of the message being sent, by outbox entry id. */
export const sendProgress = signal<Readonly<Record<string, UploadProgress>>>({});

/**
 * The newest message id this page knows per conversation (outbox scope), from the last send's
 * answer or the last read; forgotten while a send's outcome is not known.
 */
const newest = new Map<string, number>();

/**
 * Shows a message the server took as sent in its conversation, before the outbox lets its entry
 * go: a sent message stays on screen however long the conversation cannot be read again, until a
 * read brings the server's copy. Only a conversation already on the device is written to.
 */
function showAccepted(
  { queryClient }: ChatSender,
  entry: OutboxEntry<ChatSend>,
  stored: { id_message?: number; created?: string },
) {
  const key = chatKeys.thread(entry.scope);
  try {
    queryClient.setQueryData<ChatThread>(
      key,
      (held) =>
        held &&
        holdAccepted(held, {
          entryId: entry.id,
          id_message: stored.id_message,
          after: entry.payload.after ?? 0,
          text: entry.payload.fields.message,
          fileNames: entry.files.map((file) => file.name),
          created: stored.created ?? new Date().toISOString(),
        }),
      // Not a read of the server: the thread's age (and whether it is a kept copy) stays.
      { updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt },
    );
  } catch {
    // The message is stored: failing to show it must not send it again.
  }
}

/** What the server answered a send with: the chat's other tabs show the message from it. */
interface ChatReceipt {
  id_message?: number;
  created?: string;
}

async function sendEntry(entry: OutboxEntry<ChatSend>): Promise<ChatReceipt> {
  const lent = sender.of(entry);
  const { client } = lent;
  const controller = new AbortController();
  controllers.set(entry.id, controller);
  newest.delete(entry.scope);
  try {
    const inserted = await upload(client, '/api/chat/insert', entry.payload.fields, entry.files, {
      signal: controller.signal,
      onProgress: (progress) => {
        sendProgress.value = { ...sendProgress.value, [entry.id]: progress };
      },
    });
    const id_message = typeof inserted?.id_message === 'number' ? inserted.id_message : undefined;
    if (id_message !== undefined) newest.set(entry.scope, id_message);
    const receipt: ChatReceipt = { id_message, created: new Date().toISOString() };
    showAccepted(lent, entry, receipt);
    return receipt;
  } finally {
    controllers.delete(entry.id);
    const { [entry.id]: _done, ...rest } = sendProgress.value;
    sendProgress.value = rest;
  }
}

/**
 * A message another tab delivered: shown here as sent until this tab reads the conversation
 * again. This tab's newest known id is that message's, or unknown when it was found stored rather
 * than sent (the next baseline is read from the server), so a same message sent from here later
 * is never taken for it.
 */
function deliveredElsewhere(entry: OutboxEntry<ChatSend>, receipt: unknown) {
  const answer = (receipt ?? {}) as ChatReceipt;
  const id_message = typeof answer.id_message === 'number' ? answer.id_message : undefined;
  const created = typeof answer.created === 'string' ? answer.created : undefined;
  if (id_message === undefined) newest.delete(entry.scope);
  else newest.set(entry.scope, Math.max(id_message, newest.get(entry.scope) ?? 0));
  let lent: ChatSender;
  try {
    lent = sender.of(entry);
  } catch {
    // No chat of the writer is open here: nothing shows it.
    return;
  }
  showAccepted(lent, entry, { id_message, created });
}

/*
 * Whether an uncertain message is stored: the conversation holds, newer than the entry's baseline
 * (`after`), one of my messages with its trimmed text and attached file names. The baseline is the
 * newest message id known before the message's first send (the previous send's answer, the last
 * read, else a read of the latest page) and is stored with the entry before it leaves. One
 * writer's messages go one at a time, so a same message sent before it, on purpose, is not newer
 * than its baseline: two identical messages are both stored, once each. An entry without a
 * baseline never left (or was kept by an earlier version) and is sent again.
 */
async function recordBaseline(entry: OutboxEntry<ChatSend>): Promise<ChatSend> {
  const { payload } = entry;
  if (payload.after !== undefined || !payload.conversation) return payload;
  const after =
    newest.get(entry.scope) ??
    (await newestMessageId(sender.of(entry).client, payload.conversation));
  newest.set(entry.scope, after);
  return { ...payload, after };
}

async function reconcileEntry(entry: OutboxEntry<ChatSend>): Promise<Reconciled> {
  const { conversation, after, fields } = entry.payload;
  if (!conversation || after === undefined) return 'missing';
  const lent = sender.of(entry);
  const stored = await findStoredMessage(lent.client, conversation, after, {
    text: fields.message,
    fileNames: entry.files.map((file) => file.name),
  });
  if (!stored) return 'missing';
  newest.set(entry.scope, stored.id_message);
  showAccepted(lent, entry, stored);
  return 'delivered';
}

/**
 * Every message goes through the chat outbox: it is kept (with its files) until the server takes
 * it, shown in its conversation as pending meanwhile (then as sent, until the conversation is read
 * again), sent in order when the network returns, and looked for on the server before it is sent
 * again after an unknown outcome. Every tab of the writer shows it; one of them sends it.
 */
export const chatOutbox = createOutbox<ChatSend>({
  kind: 'chat-message',
  files: keepFilesApart(),
  send: sendEntry,
  prepare: recordBaseline,
  reconcile: reconcileEntry,
  afterSent: sender.afterSent,
  deliveredElsewhere,
});

/**
 * The chat screen lends the outbox its client while it is open; its user's messages go at once,
 * and a conversation a message reached (its scope) is asked again.
 */
export const registerChatSender = (next: ChatSender) => sender.lend(next, chatOutbox);

/** Stops the upload of a message being sent; the outbox then drops it (the screen restores it). */
export function cancelSend(entryId: string): void {
  controllers.get(entryId)?.abort();
}
