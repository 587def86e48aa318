import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/ui/icon';
import styles from './payment-code.module.css';

/** A payment code belongs to a student, a group and a year, so a teacher has none to get. */
export function StudentsOnlyNotice() {
  const { t } = useTranslation('payment-code');
  const headingId = useId();
  return (
    <section className={styles.notice} aria-labelledby={headingId}>
      <span className={styles.noticeIcon}>
        <Icon name="cap" size={26} />
      </span>
      <h2 id={headingId} className={styles.noticeTitle}>
        {t('studentsOnly.title')}
      </h2>
      <p className={styles.noticeText}>{t('studentsOnly.text')}</p>
    </section>
  );
}
