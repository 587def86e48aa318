import { buildDownloadUrl } from '@lms/client';
import { useTranslation } from 'react-i18next';
import { FileActions } from '../../../components/publication/file-actions';
import { ActionIcon } from '../../../components/ui/action-icons';
import { FileKindIcon } from '../../../components/ui/file-kind-icon';
import { Icon } from '../../../components/ui/icon';
import surface from '../../../components/ui/surface.module.css';
import { API_BASE_URL } from '../../../lib/api-client';
import { cx } from '../../../lib/class-names';
import type { UmkItem } from '../api/umk-list';
import { FOR_STUDENT_KIND_KEYS } from '../utils/umk-form';
import styles from './study-materials.module.css';

export interface MaterialCardProps {
  item: UmkItem;
  /** The kind's name (umk/types), if known. */
  typeName: string | undefined;
  /** What else the card names: the discipline and form of control, or the teacher. */
  context: string;
  /** The owner's actions; absent for a student. */
  onEdit?: () => void;
  onDelete?: () => void;
}

/** One study material: its kind, name, who or what it is for, and its file to open or download. */
export function MaterialCard({ item, typeName, context, onEdit, onDelete }: MaterialCardProps) {
  const { t } = useTranslation('study-materials');
  const kind = FOR_STUDENT_KIND_KEYS[item.id_forStudentKind ?? 0];
  const shared = (item.id_booksShare ?? -1) !== -1;
  return (
    <li className={styles.card}>
      <div className={styles.cardTop}>
        <span className={styles.typeTile}>
          {item.fileName ? (
            <FileKindIcon name={item.fileName} size={24} />
          ) : (
            <Icon name="library" size={22} />
          )}
        </span>
        <div className={styles.cardText}>
          <h3 className={styles.name}>{item.umkName}</h3>
          <p className={styles.meta}>{[typeName, context].filter(Boolean).join(' · ')}</p>
          {item.description ? <p className={styles.description}>{item.description}</p> : null}
          <ul className={styles.chips} aria-label={t('forStudents')}>
            <li className={styles.chip}>{t(`forStudentKinds.${kind}`)}</li>
            {item.totalPages ? (
              <li className={styles.chip}>{t('pagesCount', { count: item.totalPages })}</li>
            ) : null}
            {item.isForEBooks ? (
              <li className={cx(styles.chip, styles.chipAccent)}>{t('inLibrary')}</li>
            ) : null}
            {shared ? (
              <li className={cx(styles.chip, styles.chipAccent)}>{t('fromLibrary')}</li>
            ) : null}
          </ul>
        </div>
      </div>
      <div className={styles.cardBottom}>
        {item.fileName ? (
          <FileActions
            name={item.fileName}
            url={buildDownloadUrl('umk', item.id_books, item.fileName, API_BASE_URL)}
            title={item.umkName}
          />
        ) : (
          <p className={styles.htmlBook}>
            <Icon name="globe" size={18} />
            {t('htmlBook')}
          </p>
        )}
        {onEdit || onDelete ? (
          <span className={styles.ownerActions}>
            {onEdit ? (
              <button
                type="button"
                className={surface.iconButton}
                aria-label={t('editLabel', { name: item.umkName })}
                title={t('edit')}
                onClick={onEdit}
              >
                <Icon name="edit" size={18} />
              </button>
            ) : null}
            {onDelete ? (
              <button
                type="button"
                className={surface.dangerIconButton}
                aria-label={t('deleteLabel', { name: item.umkName })}
                title={t('delete')}
                onClick={onDelete}
              >
                <ActionIcon name="trash" size={18} />
              </button>
            ) : null}
          </span>
        ) : null}
      </div>
    </li>
  );
}
