import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useApiClient } from '../../../lib/query/api-client';
import type { OutboxEntry } from '../../../lib/offline/outbox/outbox';
import { useOutbox } from '../../../lib/offline/outbox/use-outbox';
import type { ShellUser } from '../../../lib/session/shell-session';
import { cancelSend, chatOutbox, registerChatSender, type ChatSend } from '../api/send-message';
import type { Conversation } from '../utils/conversation';
import type { ComposerDraft } from './composer';

/**
 * The open conversation's messages on their way: while the screen is open the outbox sends
 * through its client and shows a message the server took in its conversation's cache, and the
 * open conversation is then read again (`loadNewer`). `pending` are the conversation's entries
 * not sent yet; a cancelled send gives its draft back to the composer (`restored`).
 */
export function useConversationOutbox(
  user: Pick<ShellUser, 'uid' | 'id' | 'role'>,
  conversation: Conversation,
  loadNewer: () => Promise<unknown>,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const [restored, setRestored] = useState<ComposerDraft | null>(null);
  useEffect(
    () =>
      registerChatSender({
        client,
        queryClient,
        owner: user.uid,
        onSent: (key) => (key === conversation.key ? loadNewer() : Promise.resolve()),
      }),
    [client, queryClient, user.uid, conversation.key, loadNewer],
  );
  const pending = useOutbox(chatOutbox, user.uid, conversation.key);

  const send = (draft: ComposerDraft) => {
    const { query } = conversation;
    const group = conversation.kind === 'group' ? conversation.group : null;
    void chatOutbox.add({
      owner: user.uid,
      scope: conversation.key,
      files: draft.files,
      payload: {
        conversation,
        fields: {
          uid: user.uid,
          message: draft.text,
          from: user.id,
          fromType: user.role,
          semester: query.ws,
          discipline: query.id_discipline,
          currentContactId: query.id_to,
          currentContactType: query.id_to_type,
          group_subgroup: group?.gr_potok ?? -1,
          isSelect: group?.IsSelect ?? false,
          IsGroupChat: group !== null,
        },
      },
    });
  };
  const cancel = (entry: OutboxEntry<ChatSend>) => {
    // The send stops, the outbox lets it go, and the draft returns to the box.
    setRestored({ text: entry.payload.fields.message, files: entry.files });
    cancelSend(entry.id);
  };
  const retry = (entry: OutboxEntry<ChatSend>) => void chatOutbox.retry(entry.id, user.uid);
  const discard = (entry: OutboxEntry<ChatSend>) => void chatOutbox.discard(entry.id);

  return { pending, restored, send, cancel, retry, discard };
}
