import type { UploadProgress } from '@lms/client';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../lib/files/upload-kit';
import { Button } from '../ui/button';
import { Icon } from '../ui/icon';
import styles from './upload.module.css';

export interface CancelUploadButtonProps {
  /** useUploadTransfer().cancel */
  onCancel: () => void;
  /** 'Отменить отправку' unless the screen says otherwise. */
  label?: string;
}

/** Stops the running send; the screen keeps what was to be sent. */
export function CancelUploadButton({ onCancel, label }: CancelUploadButtonProps) {
  const { t } = useTranslation();
  return (
    <Button variant="secondary" onClick={onCancel}>
      <Icon name="close" size={18} />
      {label ?? t('upload.cancel')}
    </Button>
  );
}

export interface UploadProgressBarProps {
  /** useUploadTransfer().progress, while it is not null. */
  progress: UploadProgress;
  /** What is being sent: 'Отправка новости'; the bar's name. */
  label: string;
  /** Given, a cancel button stands beside the bar (a screen may put it elsewhere instead). */
  onCancel?: () => void;
  cancelLabel?: string;
}

/** The send's progress: a labelled bar with the percentage once the size is known. */
export function UploadProgressBar({
  progress,
  label,
  onCancel,
  cancelLabel,
}: UploadProgressBarProps) {
  const { i18n } = useTranslation();
  const id = useId();
  return (
    <div className={styles.progress}>
      <div className={styles.progressTrack}>
        <label htmlFor={id} className={styles.progressLabel}>
          <span>{label}</span>
          {progress.fraction !== undefined ? (
            <span>{formatPercent(progress.fraction, i18n.language)}</span>
          ) : null}
        </label>
        <progress id={id} className={styles.progressBar} max={1} value={progress.fraction} />
      </div>
      {onCancel ? <CancelUploadButton onCancel={onCancel} label={cancelLabel} /> : null}
    </div>
  );
}
