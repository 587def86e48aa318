import { useId, type ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import styles from './status.module.css';

export interface StatusScreenProps {
  icon: IconName;
  title: string;
  text?: string;
  detail?: string;
  tone?: 'info' | 'danger';
  actions?: ReactNode;
  /** Centre in the viewport rather than in the surrounding column. */
  fullScreen?: boolean;
  role?: 'alert' | 'status';
}

/** A full message card: offline page, fatal error, failed chunk, page not found. */
export function StatusScreen({
  icon,
  title,
  text,
  detail,
  tone = 'info',
  actions,
  fullScreen = true,
  role,
}: StatusScreenProps) {
  const titleId = useId();
  const card = (
    <section
      className={[styles.screenCard, fullScreen ? undefined : styles.inline]
        .filter(Boolean)
        .join(' ')}
      role={role}
      aria-labelledby={titleId}
    >
      <span
        className={[styles.screenIcon, tone === 'danger' ? styles.screenIconDanger : undefined]
          .filter(Boolean)
          .join(' ')}
      >
        <Icon name={icon} size={28} />
      </span>
      <h1 id={titleId} className={styles.screenTitle}>
        {title}
      </h1>
      {text ? <p className={styles.screenText}>{text}</p> : null}
      {detail ? <p className={styles.screenDetail}>{detail}</p> : null}
      {actions}
    </section>
  );
  return fullScreen ? <main className={styles.fullScreen}>{card}</main> : card;
}
