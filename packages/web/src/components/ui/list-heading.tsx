import type { ReactNode } from 'react';
import styles from './list-heading.module.css';

export interface ListHeadingProps {
  /** The heading's id, for the section's aria-labelledby. */
  id: string;
  title: string;
  /** How many are shown ('12 книг'), once known. */
  count?: string;
  /** The list's actions ('Добавить книгу'), at the end of the line. */
  children?: ReactNode;
}

/** A list's heading line: its title, a muted count, and its actions on the right. */
export function ListHeading({ id, title, count, children }: ListHeadingProps) {
  return (
    <div className={styles.header}>
      <h2 id={id} className={styles.title}>
        {title}
        {count ? <span className={styles.count}>{count}</span> : null}
      </h2>
      {children}
    </div>
  );
}
