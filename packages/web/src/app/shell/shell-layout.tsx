import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ProfileMenu } from '../../components/layout/profile-menu';
import { Loading } from '../../components/ui/loading';
import { useExpiredSessionRedirect } from '../../features/session/api/use-expired-session';
import { useLogout } from '../../features/session/api/use-logout';
import { useSessionReconnect } from '../../features/session/api/use-session-reconnect';
import { ReconnectingBanner } from '../../components/ui/offline-banner';
import { useSessionUser } from '../../features/session/api/use-session-user';
import { portalNameIn } from '../../features/session/utils/portal-config';
import { toShortName } from '../../features/session/utils/short-name';
import { language } from '../../lib/language';
import { PortalNameProvider, THEME_COLORS, useThemeColor } from '../../lib/page-chrome';
import { isPortalUser, isTeacher } from '../../lib/roles';
import type { ShellSession } from '../../lib/shell-session';
import { isMobile } from '../../lib/viewport';
import { startServiceWorker } from '../start-service-worker';
import { ShellFrame } from './shell-frame';
import styles from './shell-layout.module.css';
import { useSessionBootstrap } from './use-session-bootstrap';

/**
 * The main shell at /lms: it owns the session's user, config and academic context and hands them
 * to every section, then lays out one frame for every width (four columns, or a phone's tabs).
 */
export function ShellLayout() {
  useSignals();
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const session = useSessionUser();
  const user = isPortalUser(session.data) ? session.data : null;
  const { config, photo, academic } = useSessionBootstrap(user);
  const logout = useLogout();
  useExpiredSessionRedirect();
  const reconnecting = useSessionReconnect();

  useThemeColor(THEME_COLORS.shell);
  // Installable and offline from here on (after the first screen, when the browser is idle).
  useEffect(() => startServiceWorker(), []);

  const portalName = portalNameIn(language.value, config.data, t('common:portalName'));

  // Logout clears the cache a moment before the login screen takes over.
  if (!user) return <Loading fullScreen />;

  const shellSession: ShellSession = { user, config: config.data, academic };
  const onLogout = () =>
    logout.mutate(undefined, {
      onSettled: () => void navigate('/lms/login', { replace: true }),
    });

  const frame = {
    portalName,
    session: shellSession,
    profileMenu: (
      <ProfileMenu
        fullName={user.fullName}
        shortName={toShortName(user.fullName)}
        subtitle={isTeacher(user) ? t('teacher') : (user.group ?? '')}
        photoUrl={photo.data ?? null}
        onLogout={onLogout}
        loggingOut={logout.isPending}
        compact={isMobile.value}
      />
    ),
    skipLink: (
      <a
        href="#content"
        className={styles.skipLink}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('content')?.focus();
        }}
      >
        {t('skipToContent')}
      </a>
    ),
  };

  return (
    <PortalNameProvider name={portalName}>
      {reconnecting ? <ReconnectingBanner /> : null}
      <ShellFrame {...frame} />
    </PortalNameProvider>
  );
}
