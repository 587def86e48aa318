import { useTranslation } from 'react-i18next';
import { SectionPage } from '../../../components/ui/page-header';
import { useShellSession } from '../../../lib/session/shell-session';
import { NewsComposer } from './news-composer';
import { NewsFeed } from './news-feed';
import styles from './news.module.css';

/**
 * The main news page at /lms: the writing block for users with newsPerms, and the
 * feed for everyone.
 */
export function NewsRoute() {
  const { t } = useTranslation('news');
  const { user, config } = useShellSession();
  const reader = { id: user.id, uid: user.uid, role: user.role };

  return (
    <SectionPage title={t('title')} icon="news" className={styles.page}>
      {user.newsPerms ? <NewsComposer author={reader} maxSizeMb={config?.maxSizeMb} /> : null}
      <NewsFeed reader={reader} canDelete={user.newsPerms} />
    </SectionPage>
  );
}
