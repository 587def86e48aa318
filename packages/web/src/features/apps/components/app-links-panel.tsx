import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../components/ui/panel';
import { AppLinksState } from './app-links-state';
import styles from './apps.module.css';

export interface AppLinksPanelProps {
  /** A titled card in the desktop apps column, or a section under the mobile apps tab's tiles. */
  variant: 'column' | 'tab';
}

/**
 * The shell's apps panel: the links of the apps page below the portal's sections. The shell does
 * not load this feature's translations, so the panel waits for them (no raw keys on screen).
 */
export function AppLinksPanel({ variant }: AppLinksPanelProps) {
  const { t, ready } = useTranslation('apps');
  const headingId = useId();
  if (!ready) return null;
  if (variant === 'column') {
    return (
      <Panel title={t('panelTitle')} icon="globe">
        <AppLinksState variant="list" />
      </Panel>
    );
  }
  return (
    <section className={styles.tabSection} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.tabHeading}>
        {t('panelTitle')}
      </h2>
      <AppLinksState variant="cards" />
    </section>
  );
}
