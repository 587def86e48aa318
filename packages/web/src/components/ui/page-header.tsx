import { Icon, type IconName } from './icon';
import styles from './page-header.module.css';

export interface PageHeaderProps {
  title: string;
  icon?: IconName;
}

/** The heading of a content page (the one <h1> of the content column). */
export function PageHeader({ title, icon }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      {icon ? (
        <span className={styles.icon}>
          <Icon name={icon} size={22} />
        </span>
      ) : null}
      <h1 className={styles.title}>{title}</h1>
    </header>
  );
}
