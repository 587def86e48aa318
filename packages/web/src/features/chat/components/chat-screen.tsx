import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { useFailureDetail } from '../../../components/ui/failure-message';
import { Icon } from '../../../components/ui/icon';
import { Loading } from '../../../components/ui/loading';
import { failedWithoutData, QueryFailed } from '../../../components/ui/query-state';
import { QueryStaleNotice } from '../../../components/ui/stale-notice';
import { MESSAGES_HASH, returnFromChat } from '../../../lib/ui-state/main-tabs';
import type { ContactsParams } from '../../../lib/reference-data/contacts';
import type { ShellUser } from '../../../lib/session/shell-session';
import { isMobile } from '../../../lib/ui-state/viewport';
import { useDeleteMessage } from '../api/delete-message';
import { useClearNewCount } from '../api/clear-new-count';
import { useThread } from '../api/get-thread';
import { useReadAll } from '../api/read-all-messages';
import { useReadMessage } from '../api/read-message';
import { chatOutbox } from '../api/send-message';
import { useOpenConversationCount, useUnreadCounts } from '../api/get-unread-counts';
import { useThreadPaging } from '../api/use-thread-paging';
import { useUnreadListener } from '../api/use-unread-listener';
import type { ChatMessage, ChatQuery, Conversation } from '../utils/conversation';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { PhotoViewer } from './photo-viewer';
import { useConversationOutbox } from './use-conversation-outbox';
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

/**
 * The conversation's heading: the way back to the contacts on a phone, its name on one line, and
 * its unread count with 'read all' while there are unread messages.
 */
function ChatHeader({ conversation, unread }: { conversation: Conversation; unread: number }) {
  const { t } = useTranslation('chat');
  const navigate = useNavigate();
  const readAll = useReadAll(conversation);
  const back = () => {
    returnFromChat();
    void navigate(`/lms${MESSAGES_HASH}`);
  };
  return (
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
  );
}

/** Asks before a message is deleted; a failed deletion is said in the dialog. */
function DeleteMessageDialog({
  conversation,
  uid,
  message,
  onClose,
}: {
  conversation: Conversation;
  uid: number;
  message: ChatMessage;
  onClose: () => void;
}) {
  const { t } = useTranslation('chat');
  const failureDetail = useFailureDetail();
  const remove = useDeleteMessage(conversation, uid);
  return (
    <ConfirmDialog
      danger
      title={t('delete.title')}
      text={t('delete.text')}
      confirmLabel={t('delete.confirm')}
      pendingLabel={t('delete.pending')}
      pending={remove.isPending}
      error={
        remove.isError
          ? { title: t('delete.failed'), detail: failureDetail(remove.error), error: remove.error }
          : null
      }
      onConfirm={() => remove.mutate(message.id_message, { onSuccess: onClose })}
      onCancel={onClose}
    />
  );
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
  const thread = useThread(conversation);
  const [openedAt] = useState(() => Date.now());
  useClearNewCount(contacts, conversation, thread.isSuccess);
  const paging = useThreadPaging(conversation);
  const readOne = useReadMessage(conversation);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const [photo, setPhoto] = useState<{ name: string; url: string } | null>(null);
  const { loadNewer } = paging;
  const outbox = useConversationOutbox(user, conversation, loadNewer);
  const { pending } = outbox;
  useUnreadListener(thread.isSuccess, loadNewer);
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
          onRetry={outbox.retry}
          onDiscard={outbox.discard}
          onCancel={outbox.cancel}
        />
      </>
    );
  }

  return (
    <section className={styles.screen} aria-labelledby="chat-title">
      <ChatHeader conversation={conversation} unread={unread} />
      {!chatOutbox.persistent ? <p className={styles.notice}>{t('outbox.notPersistent')}</p> : null}
      {body}
      <Composer
        owner={user.uid}
        draftKey={conversation.key}
        maxSizeMb={maxSizeMb}
        onSend={outbox.send}
        restored={outbox.restored}
      />
      {deleting ? (
        <DeleteMessageDialog
          conversation={conversation}
          uid={user.uid}
          message={deleting}
          onClose={() => setDeleting(null)}
        />
      ) : null}
      {photo ? <PhotoViewer photo={photo} onClose={() => setPhoto(null)} /> : null}
    </section>
  );
}
