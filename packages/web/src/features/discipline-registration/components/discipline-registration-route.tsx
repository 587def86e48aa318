import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageTitle } from '../../../lib/page-chrome';

/** The registration screen's route module; until its feature issue lands it shows only its title. */
export function DisciplineRegistrationRoute() {
  const { t } = useTranslation('shell');
  const title = t('nav.registration');
  usePageTitle(title);
  return <PageHeader title={title} icon="registration" />;
}
