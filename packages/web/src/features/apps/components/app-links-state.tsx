import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { QueryState } from '../../../components/ui/query-state';
import { useAppLinks } from '../api/get-app-links';
import { AppLinks, type AppLinksProps } from './app-links';

/** The links with their loading, empty and failed states (the page and the shell share it). */
export function AppLinksState({ variant }: Pick<AppLinksProps, 'variant'>) {
  const { t } = useTranslation('apps');
  const links = useAppLinks();
  return (
    <QueryState query={links} failedText={t('failed')}>
      {(data) =>
        data.length === 0 ? (
          <EmptyState icon="globe" text={t('empty')} />
        ) : (
          <AppLinks links={data} variant={variant} />
        )
      }
    </QueryState>
  );
}
