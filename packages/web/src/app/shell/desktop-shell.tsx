import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppHeader } from '../../components/layout/app-header';
import { AppLinksPanel } from '../../features/apps/components/app-links-panel';
import type { ShellSession } from '../../lib/shell-session';
import { SectionOutlet } from './section-outlet';
import { ContactPanel } from './contact-panel';
import { DisciplinePanels } from './discipline-panels';
import { AppsPanel } from './side-panels';
import styles from './shell-layout.module.css';

export interface ShellFrameProps {
  portalName: string;
  session: ShellSession;
  profileMenu: ReactNode;
  skipLink: ReactNode;
}

/** The desktop shell: header, then the discipline, contact, content and apps columns. */
export function DesktopShell({ portalName, session, profileMenu, skipLink }: ShellFrameProps) {
  const { t } = useTranslation('shell');
  return (
    <div className={styles.shell} data-layout="desktop">
      {skipLink}
      <AppHeader portalName={portalName} end={profileMenu} />
      <div className={styles.columns}>
        <aside
          className={`${styles.column} ${styles.disciplines}`}
          aria-label={t('panels.disciplines.title')}
        >
          <DisciplinePanels academic={session.academic} />
        </aside>
        <aside
          className={`${styles.column} ${styles.contacts}`}
          aria-label={t('panels.contacts.title')}
        >
          <ContactPanel academic={session.academic} />
        </aside>
        <main id="content" tabIndex={-1} className={styles.content}>
          <SectionOutlet context={session} />
        </main>
        <aside className={`${styles.column} ${styles.apps}`} aria-label={t('nav.apps')}>
          <AppsPanel framed />
          <AppLinksPanel variant="column" />
        </aside>
      </div>
    </div>
  );
}
