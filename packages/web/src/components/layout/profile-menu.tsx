import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { theme, toggleTheme } from '../../lib/ui-state';
import { Avatar } from '../ui/avatar';
import { Icon } from '../ui/icon';
import { LanguageSwitch } from '../ui/language-switch';
import styles from './profile-menu.module.css';

export interface ProfileMenuProps {
  fullName: string;
  shortName: string;
  /** 'Преподаватель' or the student's group. */
  subtitle: string;
  photoUrl: string | null;
  onLogout: () => void;
  loggingOut: boolean;
  /** Mobile header: the trigger shows only the photo. */
  compact?: boolean;
}

/** Section 2's profile menu: profile, news, dark mode, language and logout. */
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
  const dark = theme.value === 'dark';

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={triggerRef}
        type="button"
        className={[styles.trigger, compact ? styles.compact : undefined].filter(Boolean).join(' ')}
        aria-expanded={open}
        aria-controls={popupId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="visually-hidden">{t('profileMenu.open')}</span>
        <Avatar src={photoUrl} name={fullName} alt="" size={40} />
        {compact ? null : (
          <>
            <span className={styles.who}>
              <span className={styles.name}>{shortName}</span>
              <span className={styles.role}>{subtitle}</span>
            </span>
            <Icon name="chevronDown" size={18} className={styles.chevron} />
          </>
        )}
      </button>

      <div id={popupId} className={styles.popup} hidden={!open}>
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
        <ul className={styles.list}>
          <li>
            <Link to="/lms/profile" className={styles.item} onClick={close}>
              <Icon name="profile" className={styles.itemIcon} />
              {t('nav.profile')}
            </Link>
          </li>
          <li>
            <Link to="/lms" className={styles.item} onClick={close}>
              <Icon name="news" className={styles.itemIcon} />
              {t('nav.news')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              role="switch"
              aria-checked={dark}
              className={styles.item}
              onClick={toggleTheme}
            >
              <Icon name="moon" className={styles.itemIcon} />
              <span className={styles.grow}>{t('profileMenu.darkMode')}</span>
              <span className={styles.switchTrack} aria-hidden="true" />
            </button>
          </li>
          <li className={styles.languageRow}>
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
          className={`${styles.item} ${styles.logout}`}
          onClick={onLogout}
          disabled={loggingOut}
        >
          <Icon name="logout" className={styles.itemIcon} />
          {loggingOut ? t('profileMenu.loggingOut') : t('profileMenu.logout')}
        </button>
      </div>
    </div>
  );
}
