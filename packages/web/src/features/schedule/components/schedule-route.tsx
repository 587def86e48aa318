import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageTitle } from '../../../lib/page-chrome';

/** The schedule screen's route module; until its feature issue lands it shows only its title. */
export function ScheduleRoute() {
  const { t } = useTranslation('shell');
  const title = t('nav.schedule');
  usePageTitle(title);
  return <PageHeader title={title} icon="schedule" />;
}
