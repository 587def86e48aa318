import { Icon, type IconName } from '../ui/icon';
import styles from './mobile-tab-bar.module.css';

export interface MobileTab<Value> {
  value: Value;
  label: string;
  icon: IconName;
}

export interface MobileTabBarProps<Value> {
  label: string;
  tabs: readonly MobileTab<Value>[];
  /** The pressed tab; null when the main screen is not showing (another section is open). */
  current: Value | null;
  onSelect: (value: Value) => void;
}

/** The bottom bar of the mobile layout: news, chat, apps. */
export function MobileTabBar<Value extends string | number>({
  label,
  tabs,
  current,
  onSelect,
}: MobileTabBarProps<Value>) {
  return (
    <nav className={styles.bar} aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          className={styles.tab}
          aria-pressed={current === tab.value}
          onClick={() => onSelect(tab.value)}
        >
          <span className={styles.pill}>
            <Icon name={tab.icon} size={22} />
          </span>
          {tab.label}
        </button>
      ))}
    </nav>
  );
}
