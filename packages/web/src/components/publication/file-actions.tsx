import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { opensInBrowser, openPdfInNewTab, PopupBlockedError } from '../../lib/files/file-viewer';
import { truncateFileName } from '../../lib/files/file-name';
import { ActionIcon } from '../ui/action-icons';
import { FileKindIcon } from '../ui/file-kind-icon';
import { Icon } from '../ui/icon';
import form from '../ui/text-field.module.css';
import styles from './publication.module.css';

export interface FileActionsProps {
  /** The stored file's name: its extension picks the icon and whether it opens in the browser. */
  name: string;
  /** Its download URL (buildDownloadUrl from @lms/client). */
  url: string;
  /** Shown instead of the file name in the buttons' accessible names ('Лекции. Часть 1'). */
  title?: string;
}

/**
 * A stored file of a list item: its type icon and name, 'Открыть' for a PDF (the browser's own
 * viewer, in a new tab) and 'Скачать' for every file (the bytes as stored).
 */
export function FileActions({ name, url, title }: FileActionsProps) {
  const { t } = useTranslation('publication');
  const [failure, setFailure] = useState<string | null>(null);
  const label = title ?? name;
  const open = () => {
    setFailure(null);
    openPdfInNewTab(url).catch((error: unknown) =>
      setFailure(error instanceof PopupBlockedError ? t('popupBlocked') : t('openFailed')),
    );
  };
  return (
    <div className={styles.file}>
      <FileKindIcon name={name} size={28} />
      <span className={styles.fileName} title={name}>
        {truncateFileName(name)}
      </span>
      <span className={styles.actions}>
        {opensInBrowser(name) ? (
          <button
            type="button"
            className={styles.action}
            aria-label={t('openLabel', { name: label })}
            onClick={open}
          >
            <ActionIcon name="external" size={16} />
            {t('open')}
          </button>
        ) : null}
        <a
          className={styles.action}
          href={url}
          download={name}
          aria-label={t('downloadLabel', { name: label })}
        >
          <Icon name="chevronDown" size={16} />
          {t('download')}
        </a>
      </span>
      {failure ? (
        <p className={form.fieldError} role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
