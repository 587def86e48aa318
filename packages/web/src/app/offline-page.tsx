import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../components/ui/button';
import { Icon } from '../components/ui/icon';
import { StatusScreen } from '../components/ui/status-screen';
import { THEME_COLORS, usePageTitle, useThemeColor } from '../lib/ui-state/page-chrome';

/** /lms/offline: the app cannot reach the server. */
export function OfflinePage() {
  const { t } = useTranslation();
  usePageTitle(t('offline.title'));
  useThemeColor(THEME_COLORS.entry);
  return (
    <StatusScreen
      icon="offline"
      title={t('offline.title')}
      text={t('offline.text')}
      actions={
        <Link to="/lms" className={buttonClassName('primary')}>
          <Icon name="refresh" size={18} />
          {t('offline.back')}
        </Link>
      }
    />
  );
}
