import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/class-names';
import styles from './draft-note.module.css';

export interface DraftNoteProps {
  /** The form opened with a stored draft. */
  restored: boolean;
  /** Throws the draft away: the form is empty (or as saved) again. */
  onDiscard: () => void;
  className?: string;
}

/**
 * 'Черновик восстановлен' and a way to discard it, while a form shows a draft kept from before.
 * The live region stays in the page while empty, so the note is announced when the draft arrives.
 */
export function DraftNote({ restored, onDiscard, className }: DraftNoteProps) {
  const { t } = useTranslation('common');
  const textId = useId();
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
    </p>
  );
}
