import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Loading } from '../components/ui/loading';
import { OfflineBanner } from '../components/ui/offline-banner';
import { UpdatePrompt } from '../components/ui/update-prompt';
import { PortalNameProvider } from '../lib/ui-state/page-chrome';
import { useFocusHeadingOnNavigation } from './focus-on-navigation';
import { RouteErrorBoundary } from './route-error';

/**
 * Every page: the offline banner on top; the new-version prompt at the bottom; the translated portal name until the config says more;
 * 'Загрузка...' while a page's chunk or its session check is on the way; a failure in place of
 * the page; after a change of screen the person made (signing in too), the focus on its heading.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  useFocusHeadingOnNavigation();
  // One address per page: '/lms/schedule/' is '/lms/schedule' (so its navigation is highlighted).
  const canonical = location.pathname.replace(/(.)\/+$/, '$1');
  if (canonical !== location.pathname) {
    const { search, hash, state } = location;
    return <Navigate replace to={{ pathname: canonical, search, hash }} state={state} />;
  }
  return (
    <PortalNameProvider name={t('portalName')}>
      <OfflineBanner />
      <RouteErrorBoundary>
        <Suspense fallback={<Loading fullScreen />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
      <UpdatePrompt />
    </PortalNameProvider>
  );
}
