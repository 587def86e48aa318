import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { PageHeader } from '../../../components/ui/page-header';
import { MESSAGES_HASH, returnFromChat } from '../../../lib/main-tabs';
import { usePageTitle } from '../../../lib/page-chrome';
import { useShellSession } from '../../../lib/shell-session';
import { isMobile } from '../../../lib/viewport';
import { conversationOf } from '../utils/conversation';
import { ChatScreen } from './chat-screen';

/** /lms/chat: the conversation chosen in the contact column, or a word on how to choose one. */
export function ChatRoute() {
  useSignals();
  const { t } = useTranslation('chat');
  const { user, academic, config } = useShellSession();
  const conversation = conversationOf(user, academic);
  usePageTitle(conversation ? `${conversation.title} · ${t('title')}` : t('title'));
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
      maxSizeMb={config?.maxSizeMb}
    />
  );
}
