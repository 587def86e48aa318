import { useSignals } from '@preact/signals-react/runtime';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../lib/format/class-names';
import { OPEN_NEWS, type MainTabState } from '../../lib/ui-state/main-tabs';
import { theme, toggleTheme } from '../../lib/ui-state/theme';
import { Avatar } from '../ui/avatar';
import { Icon, type IconName } from '../ui/icon';
import { LanguageOptions } from '../ui/language-switch';
import { useMenuButton } from '../ui/use-menu-button';
import surface from '../ui/surface.module.css';
import styles from './profile-menu.module.css';

export interface ProfileMenuProps {
  fullName: string;
  shortName: string;
  /** 'Преподаватель' or the student's group. */
  subtitle: string;
  photoUrl: string | null;
  onLogout: () => void;
  loggingOut: boolean;
  /** Mobile header: a tighter trigger, the name and group after the photo, cut when long. */
  compact?: boolean;
}

/**
 * The profile menu: profile, news, dark mode, language and logout, as a WAI-ARIA menu button
 * (useMenuButton: the arrows, Home, End, Escape and Tab). The card with the photo and the name
 * sits above the menu's items, not among them.
 */
export function ProfileMenu({
  fullName,
  shortName,
  subtitle,
  photoUrl,
  onLogout,
  loggingOut,
  compact = false,
}: ProfileMenuProps) {
  useSignals();
  const { t } = useTranslation(['shell', 'common']);
  const menu = useMenuButton();

  const item = cx(surface.menuItem, styles.item);
  const dark = theme.value === 'dark';
  const links: readonly { to: string; icon: IconName; label: string; state?: MainTabState }[] = [
    { to: '/lms/profile', icon: 'profile', label: t('nav.profile') },
    { to: '/lms', icon: 'news', label: t('nav.news'), state: OPEN_NEWS },
  ];

  return (
    <div className={styles.root} {...menu.rootProps}>
      <button
        type="button"
        className={cx(styles.trigger, compact && styles.compact)}
        {...menu.triggerProps}
      >
        <span className="visually-hidden">{t('profileMenu.open')}</span>
        <Avatar src={photoUrl} name={fullName} alt="" size={40} />
        {/* The shell shows who is signed in at every width (short name, then the word for
            teacher or the group); a phone's narrow header cuts them with an ellipsis. */}
        <span className={styles.who}>
          <span className={styles.name}>{shortName}</span>
          <span className={styles.role}>{subtitle}</span>
        </span>
        {compact ? null : <Icon name="chevronDown" size={18} className={styles.chevron} />}
      </button>

      <div className={cx(surface.card, styles.popup)} hidden={!menu.open}>
        <div className={styles.card}>
          <Avatar
            src={photoUrl}
            name={fullName}
            alt={t('photoAlt', { name: fullName })}
            size={48}
          />
          <div className={styles.who}>
            <span className={styles.fullName}>{fullName}</span>
            <span className={styles.role}>{subtitle}</span>
          </div>
        </div>
        <hr className={styles.divider} />
        <div {...menu.menuProps} className={styles.list}>
          {links.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              state={link.state}
              role="menuitem"
              tabIndex={-1}
              className={item}
              // Back on the button: the next screen's heading then takes the focus, and a link
              // to the screen on view (the news from the news) leaves it there, not nowhere.
              onClick={() => menu.close({ returnFocus: true })}
            >
              <Icon name={link.icon} className={styles.itemIcon} />
              {link.label}
            </Link>
          ))}
          <button
            type="button"
            role="menuitemcheckbox"
            tabIndex={-1}
            aria-checked={dark}
            className={item}
            onClick={toggleTheme}
          >
            <Icon name="moon" className={styles.itemIcon} />
            <span className={styles.grow}>{t('profileMenu.darkMode')}</span>
            <span className={styles.switchTrack} aria-hidden="true" />
          </button>
          <div role="none" className={cx(surface.spreadRow, styles.languageRow)}>
            <span className={styles.languageLabel} aria-hidden="true">
              <Icon name="globe" className={styles.itemIcon} />
              {t('common:language')}
            </span>
            <LanguageOptions />
          </div>
          <hr className={styles.divider} role="separator" />
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={cx(item, styles.logout)}
            onClick={() => {
              if (loggingOut) return;
              // The menu gives way to what follows (a confirmation, the login page); focus goes
              // back to its trigger, where a cancelled confirmation returns it.
              menu.close({ returnFocus: true });
              onLogout();
            }}
            aria-disabled={loggingOut || undefined}
          >
            <Icon name="logout" className={styles.itemIcon} />
            {loggingOut ? t('profileMenu.loggingOut') : t('profileMenu.logout')}
          </button>
        </div>
      </div>
    </div>
  );
}
