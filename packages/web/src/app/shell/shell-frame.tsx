import { effect } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import { memo, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { AppHeader, headerIconButtonClass } from '../../components/layout/app-header';
import { Drawer } from '../../components/layout/drawer';
import { MobileTabBar, type MobileTab } from '../../components/layout/mobile-tab-bar';
import { Icon } from '../../components/ui/icon';
import { AppLinksPanel } from '../../features/apps/components/app-links-panel';
import {
  activeTab,
  backFromChat,
  enterPhoneLayout,
  isMainPath,
  MAIN_TABS,
  resolveMobilePanel,
  selectMainTab,
  type MainTab,
  type MainTabState,
  type MobilePanel,
} from '../../lib/ui-state/main-tabs';
import type { ShellSession } from '../../lib/session/shell-session';
import { isMobile } from '../../lib/ui-state/viewport';
import { findSection, type Section } from '../sections';
import { railIsOpen } from './rail-choice';
import { RailColumn } from './rail-column';
import { PageTitle, SectionOutlet } from './section-outlet';
import { AppsPanel } from './side-panels';
import styles from './shell-layout.module.css';

export interface ShellFrameProps {
  portalName: string;
  session: ShellSession;
  profileMenu: ReactNode;
  skipLink: ReactNode;
  /**
   * The first screen is painted and its requests have answered (useAfterFirstScreen, asked once
   * by the shell). The university's services in the desktop's apps column are not what the person
   * opened the portal for: they render then (on a phone they are the first screen, at once). The
   * sections beside them and the contact column stay: static links, and one line until a
   * discipline is chosen.
   */
  afterFirstScreen: boolean;
}

const PANEL_TAB: Record<MobilePanel, MainTab> = {
  news: MAIN_TABS.news,
  chat: MAIN_TABS.chat,
  apps: MAIN_TABS.apps,
};

/**
 * Narrowed into the phone layout, the main screen keeps showing the news the person was reading.
 * It is decided when `isMobile` flips (a signal effect runs before React renders the change), so
 * the phone's first render shows the news and nothing in it loses focus.
 */
function useKeepReadingOnPhone(pathname: string) {
  const path = useRef(pathname);
  useEffect(() => {
    path.current = pathname;
  }, [pathname]);
  useEffect(() => {
    let wasMobile = isMobile.peek();
    return effect(() => {
      const nowMobile = isMobile.value;
      if (nowMobile && !wasMobile) enterPhoneLayout(path.current);
      wasMobile = nowMobile;
    });
  }, []);
}

/**
 * A link to the main screen ('Новости' in the profile menu, the drawer, the brand) opens the news
 * on a phone; the tab bar says which tab it opens; a reload, the back button and the way back
 * from a chat keep the tab.
 * Decided before paint, so the apps grid never flashes.
 */
function useLinkOpensNews(
  isMain: boolean,
  pathname: string,
  key: string,
  hash: string,
  state: unknown,
) {
  const navigationType = useNavigationType();
  const previousPath = useRef(pathname);
  useLayoutEffect(() => {
    // A choice on the main screen itself (a discipline, a contact) only changes the address's
    // search: the tab stays.
    const arrived = previousPath.current !== pathname;
    previousPath.current = pathname;
    if (!isMain) return;
    const named = (state as MainTabState | null)?.mainTab;
    if (named !== undefined) selectMainTab(named);
    // '#messages' is the way back from a chat to the contacts, not a link to the news.
    else if (navigationType === 'PUSH' && arrived && !hash) selectMainTab(MAIN_TABS.news);
    // Once per navigation (its key), not again when the tab is changed in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

/**
 * The apps column: on a phone the main screen's first tab (the sections as tiles, then the
 * university's services), on a desktop the sections' and services' cards (the services once
 * `services` says so). Memoised: the shell renders again as each of its requests answers, and
 * none of them changes this column.
 */
const AppsColumn = memo(function AppsColumn({
  mobile,
  services,
}: {
  mobile: boolean;
  services: boolean;
}) {
  const { t } = useTranslation('shell');
  if (mobile) {
    return (
      <>
        <PageTitle section={t('nav.apps')} />
        <h1 className={styles.mobileTitle} tabIndex={-1}>
          {t('sections')}
        </h1>
        <AppsPanel variant="grid" exclude={['news', 'chat']} />
        <AppLinksPanel variant="tab" />
      </>
    );
  }
  return (
    <>
      <AppsPanel framed />
      {services ? <AppLinksPanel variant="column" /> : null}
    </>
  );
});

/**
 * The phone's tab bar: news, chat and apps. A tab chosen outside the main screen (or on its way
 * back from a chat) opens the main screen on it.
 */
function MainTabBar({
  isMain,
  panel,
  section,
  hash,
}: {
  isMain: boolean;
  panel: MobilePanel;
  section: Section | undefined;
  hash: string;
}) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const tabs: MobileTab<MainTab>[] = [
    { value: MAIN_TABS.news, label: t('nav.news'), icon: 'news' },
    { value: MAIN_TABS.chat, label: t('nav.chat'), icon: 'chat' },
    { value: MAIN_TABS.apps, label: t('nav.apps'), icon: 'apps' },
  ];
  return (
    <MobileTabBar
      label={t('mainTabs')}
      tabs={tabs}
      current={isMain ? PANEL_TAB[panel] : section?.key === 'chat' ? MAIN_TABS.chat : null}
      onSelect={(tab) => {
        selectMainTab(tab);
        const state: MainTabState = { mainTab: tab };
        if (!isMain || hash) void navigate('/lms', { state });
      }}
    />
  );
}

/** What one layout shows: every column (desktop), or one panel of the phone's main screen or its section. */
type Showing = 'columns' | MobilePanel | 'section';

/**
 * The shell's one tree for every width. The desktop lays the discipline, contact, content and apps
 * columns side by side; the phone shows one of them at a time (the main screen's tab, or the open
 * section) with a tab bar and a sections drawer. Both are arrangements of the same elements in the
 * same places, so crossing 899.92 px never remounts the content column: an open form, dialog or
 * chat keeps what was typed and where the focus was. Side panels the phone does not show are not
 * rendered until it shows them.
 */
export function ShellFrame({
  portalName,
  session,
  profileMenu,
  skipLink,
  afterFirstScreen,
}: ShellFrameProps) {
  useSignals();
  const { t } = useTranslation('shell');
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useKeepReadingOnPhone(location.pathname);
  const mobile = isMobile.value;
  const isMain = isMainPath(location.pathname);
  useLinkOpensNews(isMain, location.pathname, location.key, location.hash, location.state);
  const section = findSection(location.pathname);
  const railOpen = railIsOpen(section);
  const panel = resolveMobilePanel({
    activeTab: activeTab.value,
    backFromChat: backFromChat.value,
    hash: location.hash,
  });
  const showing: Showing = !mobile ? 'columns' : isMain ? panel : 'section';
  const showsContent = showing === 'columns' || showing === 'news' || showing === 'section';
  // The content column is mounted once it has been shown and stays mounted while hidden behind
  // another phone panel: what a section holds survives a look at the apps or the contacts.
  const [contentShown, setContentShown] = useState(showsContent);
  if (showsContent && !contentShown) setContentShown(true);

  const phonePanel = (name: string) => (mobile ? name : undefined);

  return (
    <div className={styles.shell} data-layout={mobile ? 'mobile' : 'desktop'}>
      {skipLink}
      <AppHeader
        portalName={portalName}
        start={
          mobile ? (
            <button
              type="button"
              className={headerIconButtonClass}
              aria-label={t('openSections')}
              aria-expanded={drawerOpen}
              onClick={() => setDrawerOpen(true)}
            >
              <Icon name="menu" />
            </button>
          ) : null
        }
        end={profileMenu}
      />
      <div className={styles.columns} data-rail={railOpen ? 'open' : 'folded'}>
        <RailColumn
          shown={showing === 'columns' || showing === 'chat'}
          mobile={mobile}
          open={railOpen}
          section={section}
          academic={session.academic}
        />
        <main
          id="content"
          tabIndex={-1}
          className={styles.content}
          hidden={!showsContent}
          data-panel={phonePanel(isMain ? 'news' : 'content')}
        >
          {contentShown || showsContent ? <SectionOutlet context={session} /> : null}
        </main>
        {showing === 'columns' || showing === 'apps' ? (
          <aside
            className={`${styles.column} ${styles.apps}`}
            aria-label={t('nav.apps')}
            data-panel={phonePanel('apps')}
          >
            <AppsColumn mobile={mobile} services={mobile || afterFirstScreen} />
          </aside>
        ) : null}
      </div>
      {mobile ? (
        <MainTabBar isMain={isMain} panel={panel} section={section} hash={location.hash} />
      ) : null}
      {mobile ? (
        <Drawer
          open={drawerOpen}
          title={t('sections')}
          closeLabel={t('closeSections')}
          onClose={() => setDrawerOpen(false)}
        >
          <AppsPanel variant="list" onNavigate={() => setDrawerOpen(false)} />
        </Drawer>
      ) : null}
    </div>
  );
}
