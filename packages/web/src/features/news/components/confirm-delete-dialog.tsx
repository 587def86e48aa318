import { parseNewsAuthor } from '@lms/client';
import { formatNewsDate, formatNewsTime } from '@lms/i18n/dates';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonClassName } from '../../../components/ui/button';
import type { NewsItem } from '../api/news-params';
import { FailureMessage, type FailureMessageProps } from './failure-message';
import { TrashIcon } from './news-icons';
import styles from './news.module.css';

export interface ConfirmDeleteDialogProps {
  item: NewsItem;
  pending: boolean;
  /** Why the last attempt failed; the dialog stays open so it can be tried again. */
  error: FailureMessageProps | null;
  onConfirm: () => void;
  onCancel: () => void;
}

const PREVIEW_LENGTH = 160;

/**
 * Asks before deleting a news item: a modal <dialog> (focus kept inside, Escape cancels), opened
 * with the least destructive answer focused.
 */
export function ConfirmDeleteDialog({
  item,
  pending,
  error,
  onConfirm,
  onCancel,
}: ConfirmDeleteDialogProps) {
  const { t } = useTranslation('news');
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const author = parseNewsAuthor(item.author);
  const preview = Array.from(item.message);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom has no showModal; there the open attribute stands in for it.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    cancelRef.current?.focus();
    return () => {
      if (typeof dialog.close === 'function') dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        if (!pending) onCancel();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget && !pending) onCancel();
      }}
    >
      <div className={styles.dialogBody}>
        <span className={styles.dialogIcon}>
          <TrashIcon size={22} />
        </span>
        <h2 id={titleId} className={styles.dialogTitle}>
          {t('delete.title')}
        </h2>
        <p id={textId} className={styles.dialogText}>
          {t('delete.text')}
        </p>
        <figure className={styles.dialogQuote}>
          <blockquote>
            {preview.length > PREVIEW_LENGTH
              ? `${preview.slice(0, PREVIEW_LENGTH).join('')}…`
              : item.message}
          </blockquote>
          <figcaption>
            {author.short} · {formatNewsDate(item.created)} {formatNewsTime(item.created)}
          </figcaption>
        </figure>
        {error ? <FailureMessage {...error} /> : null}
        <div className={styles.dialogActions}>
          <button
            ref={cancelRef}
            type="button"
            className={buttonClassName('secondary')}
            onClick={onCancel}
            disabled={pending}
          >
            {t('delete.cancel')}
          </button>
          <Button
            className={styles.dangerButton}
            onClick={onConfirm}
            disabled={pending}
            aria-busy={pending}
          >
            <TrashIcon size={18} />
            {pending ? t('delete.pending') : t('delete.confirm')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
