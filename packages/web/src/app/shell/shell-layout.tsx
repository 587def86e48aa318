import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AppHeader, headerIconButtonClass } from '../../components/layout/app-header';
import { Drawer } from '../../components/layout/drawer';
import { MobileTabBar, type MobileTab } from '../../components/layout/mobile-tab-bar';
import { ProfileMenu } from '../../components/layout/profile-menu';
import { Icon } from '../../components/ui/icon';
import { Loading } from '../../components/ui/loading';
import { AppLinksPanel } from '../../features/apps/components/app-links-panel';
import { useExpiredSessionRedirect } from '../../features/session/api/use-expired-session';
import { useLogout } from '../../features/session/api/use-logout';
import { useSessionUser } from '../../features/session/api/use-session-user';
import { isPortalUser, ROLE_TEACHER } from '../../features/session/utils/roles';
import { portalNameIn } from '../../features/session/utils/portal-config';
import { toShortName } from '../../features/session/utils/short-name';
import {
  PortalNameProvider,
  THEME_COLORS,
  usePageTitle,
  useThemeColor,
} from '../../lib/page-chrome';
import {
  activeTab,
  backFromChat,
  isMobile,
  language,
  MAIN_TABS,
  resolveMobilePanel,
  selectMainTab,
  type MainTab,
  type MobilePanel,
} from '../../lib/ui-state';
import type { ShellSession } from '../../lib/shell-session';
import { RouteErrorBoundary } from '../route-error';
import { AppsPanel, ContactPanel, DisciplinePanels } from './side-panels';
import styles from './shell-layout.module.css';
import { useSessionBootstrap } from './use-session-bootstrap';

const PANEL_TAB: Record<MobilePanel, MainTab> = {
  news: MAIN_TABS.news,
  chat: MAIN_TABS.chat,
  apps: MAIN_TABS.apps,
};

/**
 * The section the route names, inside the shell's frame: 'Загрузка...' (and a progress bar) while
 * its chunk loads, and a failure (e.g. 'Loading chunk … failed') in its place, with the frame kept.
 */
function SectionOutlet({ context }: { context: ShellSession }) {
  return (
    <RouteErrorBoundary inShell>
      <Suspense
        fallback={
          <>
            <div className={styles.progress} aria-hidden="true" />
            <Loading />
          </>
        }
      >
        <Outlet context={context} />
      </Suspense>
    </RouteErrorBoundary>
  );
}

function PageTitle({ section }: { section: string }) {
  usePageTitle(section);
  return null;
}

/** The main shell at /lms: header, the four desktop columns, or the mobile tab layout. */
export function ShellLayout() {
  useSignals();
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSessionUser();
  const user = isPortalUser(session.data) ? session.data : null;
  const { config, photo } = useSessionBootstrap(user);
  const logout = useLogout();
  useExpiredSessionRedirect();
  const [drawerOpen, setDrawerOpen] = useState(false);

  useThemeColor(THEME_COLORS.shell);

  const portalName = portalNameIn(language.value, config.data, t('common:portalName'));

  // Logout clears the cache a moment before the login screen takes over.
  if (!user) return <Loading fullScreen />;

  const outletContext: ShellSession = { user, config: config.data };
  const fullName = user.fullName;
  const shortName = toShortName(fullName);
  const subtitle = user.role === ROLE_TEACHER ? t('teacher') : (user.group ?? '');
  const onLogout = () =>
    logout.mutate(undefined, {
      onSettled: () => void navigate('/lms/login', { replace: true }),
    });

  const profileMenu = (
    <ProfileMenu
      fullName={fullName}
      shortName={shortName}
      subtitle={subtitle}
      photoUrl={photo.data ?? null}
      onLogout={onLogout}
      loggingOut={logout.isPending}
      compact={isMobile.value}
    />
  );
  const skipLink = (
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
  );

  if (isMobile.value) {
    const isMain = location.pathname === '/lms' || location.pathname === '/lms/';
    const panel = resolveMobilePanel({
      activeTab: activeTab.value,
      backFromChat: backFromChat.value,
      hash: location.hash,
    });
    const tabs: MobileTab<MainTab>[] = [
      { value: MAIN_TABS.news, label: t('nav.news'), icon: 'news' },
      { value: MAIN_TABS.chat, label: t('nav.chat'), icon: 'chat' },
      { value: MAIN_TABS.apps, label: t('nav.apps'), icon: 'apps' },
    ];
    let body = <SectionOutlet context={outletContext} />;
    if (isMain && panel === 'chat') {
      body = (
        <div className={styles.mobileStack} data-panel="chat">
          <PageTitle section={t('nav.chat')} />
          <h1 className="visually-hidden">{t('nav.chat')}</h1>
          <DisciplinePanels />
          <ContactPanel />
        </div>
      );
    } else if (isMain && panel === 'apps') {
      body = (
        <div data-panel="apps">
          <PageTitle section={t('nav.apps')} />
          <h1 className={styles.mobileTitle}>{t('sections')}</h1>
          <AppsPanel variant="grid" exclude={['news', 'chat']} />
          <AppLinksPanel variant="tab" />
        </div>
      );
    } else {
      body = (
        <div className={styles.mobileContent} data-panel={isMain ? 'news' : 'content'}>
          <SectionOutlet context={outletContext} />
        </div>
      );
    }

    return (
      <PortalNameProvider name={portalName}>
        <div className={styles.shell} data-layout="mobile">
          {skipLink}
          <AppHeader
            portalName={portalName}
            start={
              <button
                type="button"
                className={headerIconButtonClass}
                aria-label={t('openSections')}
                aria-expanded={drawerOpen}
                onClick={() => setDrawerOpen(true)}
              >
                <Icon name="menu" />
              </button>
            }
            end={profileMenu}
          />
          <main id="content" tabIndex={-1} className={styles.mobileMain}>
            {body}
          </main>
          <MobileTabBar
            label={t('mainTabs')}
            tabs={tabs}
            current={isMain ? PANEL_TAB[panel] : null}
            onSelect={(tab) => {
              selectMainTab(tab);
              if (!isMain || location.hash) void navigate('/lms');
            }}
          />
          <Drawer
            open={drawerOpen}
            title={t('sections')}
            closeLabel={t('closeSections')}
            onClose={() => setDrawerOpen(false)}
          >
            <AppsPanel variant="list" onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        </div>
      </PortalNameProvider>
    );
  }

  return (
    <PortalNameProvider name={portalName}>
      <div className={styles.shell} data-layout="desktop">
        {skipLink}
        <AppHeader portalName={portalName} end={profileMenu} />
        <div className={styles.columns}>
          <aside
            className={`${styles.column} ${styles.disciplines}`}
            aria-label={t('panels.disciplines.title')}
          >
            <DisciplinePanels />
          </aside>
          <aside
            className={`${styles.column} ${styles.contacts}`}
            aria-label={t('panels.contacts.title')}
          >
            <ContactPanel />
          </aside>
          <main id="content" tabIndex={-1} className={styles.content}>
            <SectionOutlet context={outletContext} />
          </main>
          <aside className={`${styles.column} ${styles.apps}`} aria-label={t('nav.apps')}>
            <AppsPanel framed />
            <AppLinksPanel variant="column" />
          </aside>
        </div>
      </div>
    </PortalNameProvider>
  );
}
