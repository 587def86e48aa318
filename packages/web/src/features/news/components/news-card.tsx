import { buildNewsDownloadUrl, parseNewsAuthor, parseNewsFiles } from '@lms/client';
import { formatNewsDate, formatNewsTime } from '@lms/i18n/dates';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon } from '../../../components/ui/action-icons';
import { Avatar } from '../../../components/ui/avatar';
import { FileKindIcon } from '../../../components/ui/file-kind-icon';
import surface from '../../../components/ui/surface.module.css';
import { API_BASE_URL } from '../../../lib/query/api-client';
import { cx } from '../../../lib/format/class-names';
import { truncateFileName } from '../../../lib/files/file-name';
import type { NewsItem } from '../api/get-news';
import styles from './news.module.css';

export interface NewsCardProps {
  item: NewsItem;
  /** Narrow layouts show the author's short name (surname and initials). */
  compact: boolean;
  /** The reader has newsPerms; with the item's canEdit this offers deleting it. */
  canDelete: boolean;
  onDelete: (item: NewsItem, opener: HTMLButtonElement) => void;
}

/** One item of the feed: author, date and time, the text, the attachments. */
export function NewsCard({ item, compact, canDelete, onDelete }: NewsCardProps) {
  const { t } = useTranslation('news');
  const authorId = useId();
  const tooltipId = useId();
  const author = parseNewsAuthor(item.author);
  const files = parseNewsFiles(item.fileName);

  return (
    <article className={styles.card} aria-labelledby={authorId}>
      <header className={styles.cardHead}>
        <Avatar name={author.display} alt="" size={compact ? 36 : 40} />
        <div className={styles.byline}>
          <h3 id={authorId} className={styles.author} title={compact ? author.display : undefined}>
            {compact ? author.short : author.display}
          </h3>
          <p className={styles.posted}>
            <span className="visually-hidden">{t('feed.postedAt')} </span>
            <time dateTime={item.created}>
              <span>{formatNewsDate(item.created)}</span>{' '}
              <span className={styles.time}>{formatNewsTime(item.created)}</span>
            </time>
          </p>
        </div>
        {canDelete && item.canEdit ? (
          <span className={styles.tooltipAnchor}>
            <button
              type="button"
              className={cx(surface.dangerIconButton, styles.deleteButton)}
              aria-labelledby={tooltipId}
              onClick={(event) => onDelete(item, event.currentTarget)}
            >
              <ActionIcon name="trash" />
            </button>
            <span role="tooltip" id={tooltipId} className={styles.tooltip}>
              {t('delete.tooltip')}
            </span>
          </span>
        ) : null}
      </header>
      {/* Plain text, never HTML; its line breaks are kept by white-space: pre-wrap. */}
      <p className={styles.message}>{item.message}</p>
      {files.length > 0 ? (
        <ul className={cx(surface.bareList, styles.attachments)} aria-label={t('feed.attachments')}>
          {files.map((name) => (
            <li key={name}>
              <a
                className={styles.attachment}
                href={buildNewsDownloadUrl(item.id_eventMessage, name, API_BASE_URL)}
                download={name}
                title={name}
                aria-label={name}
              >
                <FileKindIcon name={name} size={28} />
                <span className={styles.attachmentName}>{truncateFileName(name)}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
