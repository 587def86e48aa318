import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/ui/icon';
import type { ShellSession } from '../../lib/session/shell-session';
import type { Section } from '../sections';
import { ContactPanel } from './contact-panel';
import { DisciplinePanels } from './discipline-panels';
import { chooseRail } from './rail-choice';
import { PageTitle } from './section-outlet';
import styles from './shell-layout.module.css';

/** The folded rail: a button that opens it, and what it holds as two hints. */
function FoldedRail({ section }: { section: Section | undefined }) {
  const { t } = useTranslation('shell');
  return (
    <div className={styles.rail} data-folded="">
      <button
        type="button"
        className={styles.railButton}
        aria-expanded={false}
        aria-label={t('rail.open')}
        title={t('rail.open')}
        onClick={() => chooseRail(section, true)}
      >
        <Icon name="railOpen" />
      </button>
      <Icon name="layers" size={18} className={styles.railHint} />
      <Icon name="contacts" size={18} className={styles.railHint} />
    </div>
  );
}

/**
 * The discipline and contact columns. On a desktop they stand beside the content, open (with a
 * button that folds them) or folded to a rail, as the section or the person chose; on a phone they
 * are the main screen's chat tab, shown only while it is open.
 */
export function RailColumn({
  shown,
  mobile,
  open,
  section,
  academic,
}: {
  /** The layout shows the rail: every desktop column, or the phone's chat tab. */
  shown: boolean;
  mobile: boolean;
  /** Open beside the content on a desktop (a phone always shows it open). */
  open: boolean;
  section: Section | undefined;
  academic: ShellSession['academic'];
}) {
  const { t } = useTranslation('shell');
  if (!shown) return null;
  if (!mobile && !open) return <FoldedRail section={section} />;
  return (
    <div className={styles.rail} data-panel={mobile ? 'chat' : undefined}>
      {mobile ? (
        <>
          <PageTitle section={t('nav.chat')} />
          <h1 className="visually-hidden" tabIndex={-1}>
            {t('nav.chat')}
          </h1>
        </>
      ) : null}
      <aside
        className={`${styles.column} ${styles.disciplines}`}
        aria-label={t('panels.disciplines.title')}
      >
        {mobile ? null : (
          <button
            type="button"
            className={styles.railFold}
            aria-expanded
            onClick={() => chooseRail(section, false)}
          >
            <Icon name="railFold" size={18} />
            {t('rail.fold')}
          </button>
        )}
        <DisciplinePanels academic={academic} />
      </aside>
      <aside
        className={`${styles.column} ${styles.contacts}`}
        aria-label={t('panels.contacts.title')}
      >
        <ContactPanel academic={academic} />
      </aside>
    </div>
  );
}
