import { Icon, type IconName } from './icon';
import styles from './status.module.css';

export interface EmptyStateProps {
  icon?: IconName;
  text: string;
}

/** A panel with nothing to show yet says so plainly. */
export function EmptyState({ icon = 'inbox', text }: EmptyStateProps) {
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon}>
        <Icon name={icon} />
      </span>
      <p>{text}</p>
    </div>
  );
}
