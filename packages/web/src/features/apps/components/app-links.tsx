import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon } from '../../../components/ui/action-icons';
import { Icon } from '../../../components/ui/icon';
import surface from '../../../components/ui/surface.module.css';
import { cx } from '../../../lib/format/class-names';
import type { AppLink } from '../api/get-app-links';
import { iconSource } from '../utils/web-url';
import styles from './apps.module.css';

export interface AppLinksProps {
  links: readonly AppLink[];
  /** Cards with descriptions (the apps page, the mobile apps tab) or a compact list (a column). */
  variant: 'cards' | 'list';
}

/** The university's external services; each opens in a new tab without access to this page. */
export function AppLinks({ links, variant }: AppLinksProps) {
  return (
    <ul className={cx(surface.bareList, variant === 'cards' ? styles.cards : styles.list)}>
      {links.map((link) => (
        <li key={link.id}>
          <AppLink link={link} withDescription={variant === 'cards'} />
        </li>
      ))}
    </ul>
  );
}

function AppLink({ link, withDescription }: { link: AppLink; withDescription: boolean }) {
  const { t } = useTranslation('apps');
  const descriptionId = useId();
  const description = withDescription ? link.description : null;
  return (
    <a
      className={styles.link}
      href={link.url}
      target="_blank"
      rel="noopener noreferrer"
      // The name and the new-tab warning; the description is read after it, not as part of it.
      aria-label={t('linkLabel', { name: link.name })}
      aria-describedby={description ? descriptionId : undefined}
      title={withDescription ? undefined : (link.description ?? undefined)}
    >
      <AppIcon src={iconSource(link.icon)} />
      <span className={styles.text}>
        <span className={styles.name}>{link.name}</span>
        {description ? (
          <span id={descriptionId} className={cx(surface.note, styles.description)}>
            {description}
          </span>
        ) : null}
      </span>
      <ActionIcon name="external" size={16} className={styles.external} />
    </a>
  );
}

/** The link's own icon, or the globe when it has none or the image does not load. */
function AppIcon({ src }: { src: string | undefined }) {
  const [failed, setFailed] = useState<string | undefined>(undefined);
  return (
    <span className={cx(surface.tile, styles.icon)}>
      {src && failed !== src ? (
        <img
          src={src}
          alt=""
          width={24}
          height={24}
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setFailed(src)}
        />
      ) : (
        <Icon name="globe" size={20} />
      )}
    </span>
  );
}
