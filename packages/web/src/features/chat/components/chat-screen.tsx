import { useSignals } from '@preact/signals-react/runtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { useFailureDetail } from '../../../components/ui/failure-message';
import { Icon } from '../../../components/ui/icon';
import { Loading } from '../../../components/ui/loading';
import { failedWithoutData, QueryFailed } from '../../../components/ui/query-state';
import { QueryStaleNotice } from '../../../components/ui/stale-notice';
import { useApiClient } from '../../../lib/api-client';
import { MESSAGES_HASH, returnFromChat } from '../../../lib/main-tabs';
import type { OutboxEntry } from '../../../lib/outbox/outbox';
import { useOutbox } from '../../../lib/outbox/use-outbox';
import type { ContactsParams } from '../../../lib/reference-data/contacts';
import type { ShellUser } from '../../../lib/shell-session';
import { isMobile } from '../../../lib/viewport';
import { useDeleteMessage } from '../api/delete-message';
import { useClearNewCount } from '../api/clear-new-count';
import { useThread } from '../api/get-thread';
import { useReadAll } from '../api/read-all-messages';
import { useReadMessage } from '../api/read-message';
import { cancelSend, chatOutbox, registerChatSender, type ChatSend } from '../api/send-message';
import { useOpenConversationCount, useUnreadCounts } from '../api/get-unread-counts';
import { useThreadPaging } from '../api/use-thread-paging';
import { useUnreadListener } from '../api/use-unread-listener';
import type { ChatMessage, ChatQuery, Conversation } from '../utils/conversation';
import { Composer, type ComposerDraft } from './composer';
import { MessageList } from './message-list';
import { PhotoViewer } from './photo-viewer';
import styles from './chat.module.css';

export interface ChatScreenProps {
  user: ShellUser;
  conversation: Conversation;
  /** The contact list this conversation was opened from: its new count is cleared on opening. */
  contacts: ContactsParams | null;
  /** The discipline's unread counts are asked with this (the group chat's query), if known. */
  unreadQuery: ChatQuery | null;
  maxSizeMb: number | undefined;
}

/** One open conversation: its messages, the unread state, the composer and the outbox. */
export function ChatScreen({
  user,
  conversation,
  contacts,
  unreadQuery,
  maxSizeMb,
}: ChatScreenProps) {
  useSignals();
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const failureDetail = useFailureDetail();
  const thread = useThread(conversation);
  const [openedAt] = useState(() => Date.now());
  useClearNewCount(contacts, conversation, thread.isSuccess);
  const paging = useThreadPaging(conversation);
  const readOne = useReadMessage(conversation);
  const readAll = useReadAll(conversation);
  const remove = useDeleteMessage(conversation, user.uid);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const [photo, setPhoto] = useState<{ name: string; url: string } | null>(null);
  const [restored, setRestored] = useState<ComposerDraft | null>(null);

  // While this screen is open, the outbox sends through its client and shows a message the server
  // took in its conversation's cache; the open conversation is then read again.
  const { loadNewer } = paging;
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
  useUnreadListener(thread.isSuccess, loadNewer);

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

  const back = () => {
    returnFromChat();
    void navigate(`/lms${MESSAGES_HASH}`);
  };
  const unread = thread.data?.unreadTotal ?? 0;

  // A copy from before this screen opened shows only while the latest page cannot be had.
  const keptCopy = thread.data !== undefined && thread.dataUpdatedAt < openedAt;

  // The discipline's unread counts: read as the conversation opens (the contact column refreshes
  // them while it is shown), with this conversation's own count standing for its row; they go
  // into the person's unread count in the title and on the app icon.
  useUnreadCounts(unreadQuery, { poll: false });
  useOpenConversationCount(
    unreadQuery,
    conversation,
    thread.data !== undefined && !keptCopy ? unread : null,
  );
  let body;
  if (failedWithoutData(thread)) {
    body = (
      <QueryFailed text={t('failed')} error={thread.error} onRetry={() => void thread.refetch()} />
    );
  } else if (thread.data === undefined || (keptCopy && thread.fetchStatus === 'fetching')) {
    body = <Loading />;
  } else if (
    thread.data.messages.length === 0 &&
    !thread.data.accepted?.length &&
    pending.length === 0
  ) {
    body = <EmptyState icon="chat" text={t('empty')} />;
  } else {
    body = (
      <>
        {keptCopy ? <QueryStaleNotice query={thread} /> : null}
        <MessageList
          thread={thread.data}
          pending={pending}
          isGroup={conversation.kind === 'group'}
          loadOlder={paging.loadOlder}
          onRead={(message) => readOne.mutate(message.id_message)}
          onDelete={setDeleting}
          onOpenPhoto={setPhoto}
          onRetry={(entry) => void chatOutbox.retry(entry.id, user.uid)}
          onDiscard={(entry) => void chatOutbox.discard(entry.id)}
          onCancel={cancel}
        />
      </>
    );
  }

  return (
    <section className={styles.screen} aria-labelledby="chat-title">
      <header className={styles.header}>
        {isMobile.value ? (
          <button type="button" className={styles.iconButton} aria-label={t('back')} onClick={back}>
            <Icon name="arrowLeft" />
          </button>
        ) : null}
        {/* One line however long the name: the rest is cut with an ellipsis (the full name stays
            the heading's text and its tooltip). */}
        <h1 id="chat-title" className={styles.title} title={conversation.title}>
          {conversation.title}
        </h1>
        {unread > 0 ? (
          <div className={styles.headerMeta}>
            <span className={styles.unread}>{t('unreadCount', { count: unread })}</span>
            <button
              type="button"
              className={styles.metaButton}
              disabled={readAll.isPending}
              onClick={() => readAll.mutate()}
            >
              {t('readAll')}
            </button>
          </div>
        ) : null}
      </header>
      {!chatOutbox.persistent ? <p className={styles.notice}>{t('outbox.notPersistent')}</p> : null}
      {body}
      <Composer
        owner={user.uid}
        draftKey={conversation.key}
        maxSizeMb={maxSizeMb}
        onSend={send}
        restored={restored}
      />
      {deleting ? (
        <ConfirmDialog
          danger
          title={t('delete.title')}
          text={t('delete.text')}
          confirmLabel={t('delete.confirm')}
          pendingLabel={t('delete.pending')}
          pending={remove.isPending}
          error={
            remove.isError
              ? {
                  title: t('delete.failed'),
                  detail: failureDetail(remove.error),
                  error: remove.error,
                }
              : null
          }
          onConfirm={() =>
            remove.mutate(deleting.id_message, { onSuccess: () => setDeleting(null) })
          }
          onCancel={() => {
            remove.reset();
            setDeleting(null);
          }}
        />
      ) : null}
      {photo ? <PhotoViewer photo={photo} onClose={() => setPhoto(null)} /> : null}
    </section>
  );
}
