import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../lib/class-names';
import { OPEN_NEWS, type MainTabState } from '../../lib/main-tabs';
import { theme, toggleTheme } from '../../lib/theme';
import { Avatar } from '../ui/avatar';
import { Icon, type IconName } from '../ui/icon';
import { LanguageSwitch } from '../ui/language-switch';
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

/** The profile menu: profile, news, dark mode, language and logout. */
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
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popupId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        triggerRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const close = () => setOpen(false);
  const item = cx(surface.menuItem, styles.item);
  const dark = theme.value === 'dark';
  const links: readonly { to: string; icon: IconName; label: string; state?: MainTabState }[] = [
    { to: '/lms/profile', icon: 'profile', label: t('nav.profile') },
    { to: '/lms', icon: 'news', label: t('nav.news'), state: OPEN_NEWS },
  ];

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={cx(styles.trigger, compact && styles.compact)}
        aria-expanded={open}
        aria-controls={popupId}
        onClick={() => setOpen((value) => !value)}
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

      <div id={popupId} className={cx(surface.card, styles.popup)} hidden={!open}>
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
        <ul className={cx(surface.bareList, styles.list)}>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} state={link.state} className={item} onClick={close}>
                <Icon name={link.icon} className={styles.itemIcon} />
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <button
              type="button"
              role="switch"
              aria-checked={dark}
              className={item}
              onClick={toggleTheme}
            >
              <Icon name="moon" className={styles.itemIcon} />
              <span className={styles.grow}>{t('profileMenu.darkMode')}</span>
              <span className={styles.switchTrack} aria-hidden="true" />
            </button>
          </li>
          <li className={cx(surface.spreadRow, styles.languageRow)}>
            <span className={styles.languageLabel}>
              <Icon name="globe" className={styles.itemIcon} />
              {t('common:language')}
            </span>
            <LanguageSwitch />
          </li>
        </ul>
        <hr className={styles.divider} />
        <button
          type="button"
          className={cx(item, styles.logout)}
          onClick={() => {
            // The menu gives way to what follows (a confirmation, the login page); focus goes
            // back to its trigger, where a cancelled confirmation returns it.
            setOpen(false);
            triggerRef.current?.focus();
            onLogout();
          }}
          disabled={loggingOut}
        >
          <Icon name="logout" className={styles.itemIcon} />
          {loggingOut ? t('profileMenu.loggingOut') : t('profileMenu.logout')}
        </button>
      </div>
    </div>
  );
}
