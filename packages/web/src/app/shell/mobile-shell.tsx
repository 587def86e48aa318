import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AppHeader, headerIconButtonClass } from '../../components/layout/app-header';
import { Drawer } from '../../components/layout/drawer';
import { MobileTabBar, type MobileTab } from '../../components/layout/mobile-tab-bar';
import { Icon } from '../../components/ui/icon';
import { AppLinksPanel } from '../../features/apps/components/app-links-panel';
import {
  activeTab,
  backFromChat,
  MAIN_TABS,
  resolveMobilePanel,
  selectMainTab,
  type MainTab,
  type MobilePanel,
} from '../../lib/main-tabs';
import type { ShellFrameProps } from './desktop-shell';
import { PageTitle, SectionOutlet } from './section-outlet';
import { ContactPanel } from './contact-panel';
import { DisciplinePanels } from './discipline-panels';
import { AppsPanel } from './side-panels';
import styles from './shell-layout.module.css';

const PANEL_TAB: Record<MobilePanel, MainTab> = {
  news: MAIN_TABS.news,
  chat: MAIN_TABS.chat,
  apps: MAIN_TABS.apps,
};

function isMainPath(pathname: string): boolean {
  return pathname === '/lms' || pathname === '/lms/';
}

/**
 * The phone shell (section 2): on the main screen one panel at a time, chosen by the tab bar
 * (1 news, 2 chat, 3 apps) and the back-from-chat flag; other sections fill the screen, and the
 * drawer lists every section.
 */
export function MobileShell({ portalName, session, profileMenu, skipLink }: ShellFrameProps) {
  useSignals();
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);

  const isMain = isMainPath(location.pathname);
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

  let body;
  if (isMain && panel === 'chat') {
    body = (
      <div className={styles.mobileStack} data-panel="chat">
        <PageTitle section={t('nav.chat')} />
        <h1 className="visually-hidden">{t('nav.chat')}</h1>
        <DisciplinePanels academic={session.academic} />
        <ContactPanel academic={session.academic} />
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
        <SectionOutlet context={session} />
      </div>
    );
  }

  return (
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
  );
}
