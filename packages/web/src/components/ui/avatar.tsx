import { useState } from 'react';
import styles from './avatar.module.css';

export interface AvatarProps {
  /** Image URL (a data URL for the user's photo); the initials show when absent or broken. */
  src?: string | null;
  name: string;
  /** Empty when a text next to the avatar already names the person. */
  alt: string;
  size?: number;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** The user's photo, falling back to their initials. */
export function Avatar({ src, name, alt, size = 40 }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && failedSrc !== src;
  return (
    <span
      className={styles.avatar}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }}
    >
      {showImage ? (
        <img
          className={styles.image}
          src={src ?? undefined}
          alt={alt}
          onError={() => setFailedSrc(src ?? null)}
        />
      ) : alt ? (
        <span role="img" aria-label={alt}>
          {initials(name)}
        </span>
      ) : (
        <span aria-hidden="true">{initials(name)}</span>
      )}
    </span>
  );
}
