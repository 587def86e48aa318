import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Icon } from '../ui/icon';
import { cx } from '../../lib/format/class-names';
import surface from '../ui/surface.module.css';
import styles from './app-header.module.css';

export interface AppHeaderProps {
  portalName: string;
  /** Left of the brand: the sections button on mobile. */
  start?: ReactNode;
  /** Right side: the profile menu. */
  end?: ReactNode;
}

export function AppHeader({ portalName, start, end }: AppHeaderProps) {
  return (
    <header className={styles.header}>
      {start}
      <Link to="/lms" className={styles.brand}>
        <span className={styles.mark}>
          <Icon name="cap" size={22} />
        </span>
        <span className={styles.name}>{portalName}</span>
      </Link>
      <span className={styles.spacer} />
      {end}
    </header>
  );
}

export const headerIconButtonClass = cx(surface.iconButton, styles.iconButton);
