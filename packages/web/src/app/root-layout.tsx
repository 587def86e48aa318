import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { OfflineBanner } from '../components/ui/offline-banner';
import { PortalNameProvider } from '../lib/page-chrome';

/** Every page: the offline banner on top; the translated portal name until the config says more. */
export function RootLayout() {
  const { t } = useTranslation();
  return (
    <PortalNameProvider name={t('portalName')}>
      <OfflineBanner />
      <Outlet />
    </PortalNameProvider>
  );
}
