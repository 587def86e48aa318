import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/format/class-names';
import type { FilesNotKept } from '../../lib/offline/drafts/use-draft';
import styles from './draft-note.module.css';

export interface DraftNoteProps {
  /** The form opened with a stored draft. */
  restored: boolean;
  /** Throws the draft away: the form is empty (or as saved) again. */
  onDiscard: () => void;
  /** The draft's attached files the device did not keep (`useDraft(...).filesNotKept`). */
  filesNotKept?: FilesNotKept;
  className?: string;
}

/**
 * 'Черновик восстановлен' and a way to discard it, while a form shows a draft kept from before;
 * and the attached files the draft lost, or holds only until a reload, by name. The live region
 * stays in the page while empty, so the note is announced when the draft arrives.
 */
export function DraftNote({ restored, onDiscard, filesNotKept, className }: DraftNoteProps) {
  const { t } = useTranslation('common');
  const textId = useId();
  const lost = filesNotKept?.lost ?? [];
  const pageOnly = filesNotKept?.pageOnly ?? [];
  return (
    <p role="status" className={cx(styles.note, className)}>
      {restored ? (
        <>
          <span id={textId}>{t('drafts.restored')}</span>
          <button
            type="button"
            className={styles.discard}
            aria-describedby={textId}
            onClick={onDiscard}
          >
            {t('drafts.discard')}
          </button>
        </>
      ) : null}
      {lost.length > 0 ? (
        <span className={styles.files}>{t('drafts.filesLost', { names: lost.join(', ') })}</span>
      ) : null}
      {pageOnly.length > 0 ? (
        <span className={styles.files}>
          {t('drafts.filesPageOnly', { names: pageOnly.join(', ') })}
        </span>
      ) : null}
    </p>
  );
}
