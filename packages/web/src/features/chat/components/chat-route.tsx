import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageTitle } from '../../../lib/page-chrome';

/** The chat screen's route module; until its feature issue lands it shows only its title. */
export function ChatRoute() {
  const { t } = useTranslation('shell');
  const title = t('nav.chat');
  usePageTitle(title);
  return <PageHeader title={title} icon="chat" />;
}
