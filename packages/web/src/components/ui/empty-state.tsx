import { Icon, type IconSource } from './icon';
import { cx } from '../../lib/format/class-names';
import styles from './status.module.css';
import surface from './surface.module.css';

export interface EmptyStateProps {
  icon?: IconSource;
  text: string;
}

/** A panel with nothing to show yet says so plainly. */
export function EmptyState({ icon = 'inbox', text }: EmptyStateProps) {
  return (
    <div className={cx(surface.note, styles.placeholder, styles.empty)}>
      <span className={surface.tile}>
        <Icon name={icon} />
      </span>
      <p>{text}</p>
    </div>
  );
}
