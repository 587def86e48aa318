import { useSignals } from '@preact/signals-react/runtime';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { MESSAGES_HASH, returnFromChat } from '../../../lib/ui-state/main-tabs';
import { useApiClient } from '../../../lib/query/api-client';
import { usePageTitle } from '../../../lib/ui-state/page-chrome';
import { getContactsQueryOptions } from '../../../lib/reference-data/contacts';
import { useShellSession } from '../../../lib/session/shell-session';
import { isMobile } from '../../../lib/ui-state/viewport';
import { conversationOf, conversationTitle, groupChatQueryOf } from '../utils/conversation';
import { ChatScreen } from './chat-screen';

/** /lms/chat: the conversation chosen in the contact column, or a word on how to choose one. */
export function ChatRoute() {
  useSignals();
  const { t } = useTranslation('chat');
  const { user, academic, config } = useShellSession();
  const chosen = conversationOf(user, academic);
  // The contact list the shell shows (read here without a refresh of its own): a contact restored
  // by id (a reload) gets its name from it.
  const contacts = useQuery(getContactsQueryOptions(useApiClient(), academic.contacts));
  const name = chosen && conversationTitle(chosen, contacts.data, t('groupChat'));
  const conversation = chosen && { ...chosen, title: name ?? t('title') };
  usePageTitle(name ? `${name} · ${t('title')}` : t('title'));
  if (!conversation) {
    return (
      <>
        <PageHeader title={t('title')} icon="chat" />
        <EmptyState icon="contacts" text={isMobile.value ? t('choose.mobile') : t('choose.text')} />
        {isMobile.value ? (
          <p>
            <Link to={`/lms${MESSAGES_HASH}`} onClick={returnFromChat}>
              {t('choose.toContacts')}
            </Link>
          </p>
        ) : null}
      </>
    );
  }
  return (
    <ChatScreen
      key={conversation.key}
      user={user}
      conversation={conversation}
      contacts={academic.contacts}
      unreadQuery={groupChatQueryOf(user, academic)}
      maxSizeMb={config?.maxSizeMb}
    />
  );
}
