import { useSignals } from '@preact/signals-react/runtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ProfileMenu } from '../../components/layout/profile-menu';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Loading } from '../../components/ui/loading';
import { useExpiredSessionRedirect } from '../../features/session/api/use-expired-session';
import { useLogout } from '../../features/session/api/use-logout';
import { useSessionReconnect } from '../../features/session/api/use-session-reconnect';
import { ReconnectingBanner } from '../../components/ui/offline-banner';
import { useSessionUser } from '../../features/session/api/use-session-user';
import { portalNameIn } from '../../features/session/utils/portal-config';
import { toShortName } from '../../features/session/utils/short-name';
import { useAfterFirstScreen } from '../../lib/ui-state/after-first-screen';
import { language } from '../../lib/ui-state/language';
import { PortalNameProvider, THEME_COLORS, useThemeColor } from '../../lib/ui-state/page-chrome';
import { isPortalUser, isTeacher } from '../../lib/session/roles';
import type { ShellSession } from '../../lib/session/shell-session';
import { unsentWork, type UnsentWork } from '../../lib/offline/unsent-work';
import { isMobile } from '../../lib/ui-state/viewport';
import { startServiceWorker } from '../start-service-worker';
import { ShellFrame } from './shell-frame';
import styles from './shell-layout.module.css';
import { useSessionBootstrap } from './use-session-bootstrap';
import { useSelectionInUrl } from './use-selection-url';

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
  // One wait for the first screen (its requests answered, the browser idle) for the whole shell:
  // the phone's photo and the desktop's services wait for the same moment.
  const queryClient = useQueryClient();
  const afterFirstScreen = useAfterFirstScreen(() => queryClient.isFetching() > 0);
  const { config, photo, academic } = useSessionBootstrap(user, afterFirstScreen);
  useSelectionInUrl(academic);
  const logout = useLogout(user?.uid ?? 0);
  // Unsent writes and drafts found when the person chose to sign out: they confirm first.
  const [leaving, setLeaving] = useState<UnsentWork | null>(null);
  useExpiredSessionRedirect();
  const reconnecting = useSessionReconnect();

  useThemeColor(THEME_COLORS.shell);
  // Installable and offline from here on: once the first screen is shown, at a quiet moment.
  useEffect(() => {
    if (afterFirstScreen) startServiceWorker(() => queryClient.isFetching() > 0);
  }, [afterFirstScreen, queryClient]);

  const portalName = portalNameIn(language.value, config.data, t('common:portalName'));

  // Logout clears the cache a moment before the login screen takes over.
  if (!user) return <Loading fullScreen />;

  const shellSession: ShellSession = { user, config: config.data, academic };
  const signOut = () =>
    logout.mutate(undefined, {
      onSettled: () => void navigate('/lms/login', { replace: true }),
    });
  // Signing out deletes what this person left unsent on the device; if there is any, ask first.
  const onLogout = () =>
    void unsentWork(user.uid).then((work) => {
      if (work.writes + work.drafts > 0) setLeaving(work);
      else signOut();
    });

  const frame = {
    portalName,
    afterFirstScreen,
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
      {leaving ? (
        <ConfirmDialog
          danger
          title={t('leaving.title')}
          text={t('leaving.text', {
            what: [
              leaving.writes > 0 ? t('leaving.writes', { count: leaving.writes }) : null,
              leaving.drafts > 0 ? t('leaving.drafts', { count: leaving.drafts }) : null,
            ]
              .filter(Boolean)
              .join(', '),
          })}
          confirmLabel={t('leaving.confirm')}
          pendingLabel={t('leaving.pending')}
          cancelLabel={t('leaving.stay')}
          pending={logout.isPending}
          onConfirm={signOut}
          onCancel={() => setLeaving(null)}
        />
      ) : null}
    </PortalNameProvider>
  );
}
