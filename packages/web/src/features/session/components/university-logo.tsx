import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './login-page.module.css';

/** Shipped in public/: shown when the university's logo cannot be loaded. */
export const FALLBACK_LOGO_URL = `${import.meta.env.BASE_URL}logo-fallback.svg`;

export interface UniversityLogoProps {
  src: string | undefined;
  /** Width in percent of the brand area (30 by default). */
  widthPercent: number;
  /** The image shows (the university's, or the shipped one in its place), or neither could. */
  onSettled?: () => void;
}

export function UniversityLogo({ src, widthPercent, onSettled }: UniversityLogoProps) {
  const { t } = useTranslation('session');
  const [failed, setFailed] = useState<string | undefined>(undefined);
  const url = src && failed !== src ? src : FALLBACK_LOGO_URL;
  return (
    <img
      className={styles.logo}
      src={url}
      alt={t('logoAlt')}
      // A square box from the start (the placeholder's), so nothing moves when the image arrives;
      // the one image of the login screen, asked for first.
      width={256}
      height={256}
      fetchPriority="high"
      decoding="async"
      style={{ width: `${widthPercent}%` }}
      onLoad={onSettled}
      onError={() => {
        if (url !== FALLBACK_LOGO_URL) setFailed(src);
        else onSettled?.();
      }}
    />
  );
}
