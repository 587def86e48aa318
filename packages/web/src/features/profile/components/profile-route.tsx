import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageTitle } from '../../../lib/page-chrome';

/** The profile screen's route module; until its feature issue lands it shows only its title. */
export function ProfileRoute() {
  const { t } = useTranslation('shell');
  const title = t('nav.profile');
  usePageTitle(title);
  return <PageHeader title={title} icon="profile" />;
}
