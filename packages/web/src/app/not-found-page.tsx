import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../components/ui/button';
import { StatusScreen } from '../components/ui/status-screen';
import { usePageTitle } from '../lib/ui-state/page-chrome';

export interface NotFoundPageProps {
  inShell?: boolean;
}

export function NotFoundPage({ inShell = false }: NotFoundPageProps) {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <StatusScreen
      icon="alert"
      fullScreen={!inShell}
      title={t('notFound.title')}
      text={t('notFound.text')}
      actions={
        <Link to="/lms" className={buttonClassName('primary')}>
          {t('notFound.home')}
        </Link>
      }
    />
  );
}
