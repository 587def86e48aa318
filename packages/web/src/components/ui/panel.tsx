import { useId, type ReactNode } from 'react';
import { Icon, type IconSource } from './icon';
import { cx } from '../../lib/format/class-names';
import styles from './panel.module.css';
import surface from './surface.module.css';

export interface PanelProps {
  title: string;
  icon?: IconSource;
  children: ReactNode;
  className?: string;
  flush?: boolean;
}

/** A card with a titled header: the building block of the shell's columns. */
export function Panel({ title, icon, children, className, flush = false }: PanelProps) {
  const headingId = useId();
  return (
    <section className={cx(surface.card, styles.panel, className)} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {icon ? <Icon name={icon} size={18} className={styles.headingIcon} /> : null}
        {title}
      </h2>
      <div className={flush ? styles.flush : styles.body}>{children}</div>
    </section>
  );
}
