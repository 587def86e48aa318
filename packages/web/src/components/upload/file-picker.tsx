import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/format/class-names';
import { formatFileSize } from '../../lib/files/upload-kit';
import { ActionIcon } from '../ui/action-icons';
import { FailureMessage } from '../ui/failure-message';
import { FileKindIcon } from '../ui/file-kind-icon';
import { Icon } from '../ui/icon';
import form from '../ui/text-field.module.css';
import surface from '../ui/surface.module.css';
import styles from './upload.module.css';

export interface FilePickerProps {
  /** The files just picked (never an empty list); give them to useFileAttachments().add. */
  onPick: (files: File[]) => void;
  /** The config's per-file limit, said under the button; nothing is said while it is unknown. */
  maxSizeMb?: number;
  disabled?: boolean;
  multiple?: boolean;
  /** The input's accept attribute ('image/*' for photos). */
  accept?: string;
  /** The button's text: 'Прикрепить файлы' unless the screen says otherwise. */
  label?: string;
  className?: string;
}

/**
 * The attach button: a real file input (hidden, labelled by the button-looking label, so it
 * keeps the keyboard and the screen reader), with the size limit under it.
 */
export function FilePicker({
  onPick,
  maxSizeMb,
  disabled = false,
  multiple = true,
  accept,
  label,
  className,
}: FilePickerProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={cx(styles.picker, className)}>
      <input
        id={id}
        type="file"
        multiple={multiple}
        accept={accept}
        className={`visually-hidden ${styles.input}`}
        disabled={disabled}
        aria-describedby={maxSizeMb !== undefined ? hintId : undefined}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // The same file can be picked again after it was removed.
          event.target.value = '';
          if (files.length > 0) onPick(files);
        }}
      />
      <label htmlFor={id} className={styles.button}>
        <ActionIcon name="paperclip" size={18} />
        {label ?? t('upload.attach')}
      </label>
      {maxSizeMb !== undefined ? (
        <span id={hintId} className={form.hint}>
          {t('upload.sizeLimit', { maxSizeMb })}
        </span>
      ) : null}
    </div>
  );
}

export interface AttachedFilesProps {
  files: readonly File[];
  /** Files the last pick refused for their size; listed under the screen's size message. */
  refused: readonly File[];
  /**
   * The screen's size-limit message with the limit filled in: news and chat each have their own
   * ('Размер файла не должен превышать {{maxSizeMb}} МБ').
   */
  tooLargeMessage: string;
  onRemove: (index: number) => void;
  /** While sending: the files cannot be removed. */
  disabled?: boolean;
  /** The list's name: 'Прикрепленные файлы' unless the screen says otherwise. */
  label?: string;
}

/** The attached files (type icon, name, size, a remove button) and the refused ones. */
export function AttachedFiles({
  files,
  refused,
  tooLargeMessage,
  onRemove,
  disabled = false,
  label,
}: AttachedFilesProps) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {refused.length > 0 ? (
        <FailureMessage
          title={tooLargeMessage}
          detail={t('upload.notAttached', { names: refused.map((file) => file.name).join(', ') })}
        />
      ) : null}
      {files.length > 0 ? (
        <ul className={cx(surface.bareList, styles.files)} aria-label={label ?? t('upload.files')}>
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`} className={styles.file}>
              <FileKindIcon name={file.name} size={28} />
              <span className={styles.fileText}>
                <span className={styles.fileName} title={file.name}>
                  {file.name}
                </span>
                <span className={styles.fileSize}>{formatFileSize(file.size, i18n.language)}</span>
              </span>
              <button
                type="button"
                className={surface.dangerIconButton}
                aria-label={t('upload.removeFile', { name: file.name })}
                disabled={disabled}
                onClick={() => onRemove(index)}
              >
                <Icon name="close" size={18} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
