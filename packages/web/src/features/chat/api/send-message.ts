import { upload, type components, type LmsClient, type UploadProgress } from '@lms/client';
import { signal } from '@preact/signals-react';
import { createOutbox, type OutboxEntry } from '../../../lib/outbox/outbox';

export type ChatInsertFields = Omit<components['schemas']['ChatInsertForm'], 'file'>;

/** One message waiting to be sent: the send form's fields; its files travel with the entry. */
export interface ChatSend {
  fields: ChatInsertFields;
}

export interface ChatSender {
  client: LmsClient;
  /** Called after the server took a message of this conversation (section 4: refetch). */
  onSent: (conversationKey: string) => Promise<unknown>;
}

let sender: ChatSender | null = null;
const controllers = new Map<string, AbortController>();

/** Upload progress of the message being sent, by outbox entry id. */
export const sendProgress = signal<Readonly<Record<string, UploadProgress>>>({});

class NoSenderError extends Error {
  override readonly name = 'NoSenderError';
}

async function sendEntry(entry: OutboxEntry<ChatSend>) {
  const current = sender;
  // Nothing can send while no chat screen is open; the entry waits (a transient state).
  if (!current) throw new NoSenderError('The chat is not open');
  const controller = new AbortController();
  controllers.set(entry.id, controller);
  try {
    await upload(current.client, '/api/chat/insert', entry.payload.fields, entry.files, {
      signal: controller.signal,
      onProgress: (progress) => {
        sendProgress.value = { ...sendProgress.value, [entry.id]: progress };
      },
    });
  } finally {
    controllers.delete(entry.id);
    const { [entry.id]: _done, ...rest } = sendProgress.value;
    sendProgress.value = rest;
  }
  await current.onSent(entry.scope);
}

/**
 * Every message goes through the chat outbox: it is kept (with its files) until the server takes
 * it, shown in its conversation as pending meanwhile, and sent in order when the network returns.
 */
export const chatOutbox = createOutbox<ChatSend>({ kind: 'chat-message', send: sendEntry });

/** The chat screen lends the outbox its client while it is open. */
export function registerChatSender(next: ChatSender): () => void {
  sender = next;
  return () => {
    if (sender === next) sender = null;
  };
}

/** Stops the upload of a message being sent; the outbox then drops it (the screen restores it). */
export function cancelSend(entryId: string): void {
  controllers.get(entryId)?.abort();
}
