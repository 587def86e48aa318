import { useId, type ReactNode } from 'react';
import { Icon, type IconName } from './icon';
import { cx } from '../../lib/format/class-names';
import styles from './status.module.css';
import surface from './surface.module.css';

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
      className={cx(surface.card, styles.screenCard, !fullScreen && styles.inline)}
      role={role}
      aria-labelledby={titleId}
    >
      <span
        className={cx(tone === 'danger' ? surface.dangerTile : surface.tile, styles.screenIcon)}
      >
        <Icon name={icon} size={28} />
      </span>
      <h1 id={titleId} className={cx(surface.title, styles.screenTitle)} tabIndex={-1}>
        {title}
      </h1>
      {text ? <p className={cx(surface.note, styles.screenText)}>{text}</p> : null}
      {detail ? <p className={styles.screenDetail}>{detail}</p> : null}
      {actions}
    </section>
  );
  return fullScreen ? <main className={styles.fullScreen}>{card}</main> : card;
}
