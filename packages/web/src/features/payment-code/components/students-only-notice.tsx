import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import surface from '../../../components/ui/surface.module.css';
import { cx } from '../../../lib/format/class-names';
import styles from './payment-code.module.css';

/** A payment code belongs to a student, a group and a year, so a teacher has none to get. */
export function StudentsOnlyNotice() {
  const { t } = useTranslation('payment-code');
  const headingId = useId();
  return (
    <section className={cx(surface.card, styles.notice)} aria-labelledby={headingId}>
      <span className={cx(surface.tile, styles.noticeIcon)}>
        <Icon name="cap" size={26} />
      </span>
      <h2 id={headingId} className={surface.title}>
        {t('studentsOnly.title')}
      </h2>
      <p className={cx(surface.note, styles.noticeText)}>{t('studentsOnly.text')}</p>
    </section>
  );
}
