import { NavLink } from 'react-router';
import { Icon, type IconSource } from '../ui/icon';
import { cx } from '../../lib/format/class-names';
import surface from '../ui/surface.module.css';
import styles from './section-nav.module.css';

export interface SectionLink {
  to: string;
  label: string;
  icon: IconSource;
  /** Navigation state the link carries (the news link opens the phone's news tab). */
  state?: unknown;
}

export interface SectionNavProps {
  links: readonly SectionLink[];
  label: string;
  /** A list (columns, drawer) or a grid of tiles (the mobile apps tab). */
  variant?: 'list' | 'grid';
  onNavigate?: () => void;
}

export function SectionNav({ links, label, variant = 'list', onNavigate }: SectionNavProps) {
  return (
    <nav aria-label={label}>
      <ul className={cx(surface.bareList, styles.list, variant === 'grid' && styles.grid)}>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              state={link.state}
              end
              className={cx(surface.menuItem, styles.link)}
              onClick={onNavigate}
            >
              <span className={cx(surface.tile, styles.icon)}>
                <Icon name={link.icon} size={variant === 'grid' ? 24 : 18} />
              </span>
              <span>{link.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
