import { buildDownloadUrl } from '@lms/client';
import { useTranslation } from 'react-i18next';
import {
  PublicationCard,
  type PublicationChip,
} from '../../../components/publication/publication-card';
import { Icon } from '../../../components/ui/icon';
import { ItemActionButton } from '../../../components/ui/item-action-button';
import { API_BASE_URL } from '../../../lib/query/api-client';
import type { MaterialItem } from '../api/get-materials';
import { FOR_STUDENT_KIND_KEYS } from '../utils/material-draft';

export interface MaterialCardProps {
  item: MaterialItem;
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
  const chips: PublicationChip[] = [
    { label: t(`forStudentKinds.${FOR_STUDENT_KIND_KEYS[item.id_forStudentKind ?? 0]}`) },
  ];
  if (item.totalPages) chips.push({ label: t('pagesCount', { count: item.totalPages }) });
  if (item.isForEBooks) chips.push({ label: t('inLibrary'), accent: true });
  if ((item.id_booksShare ?? -1) !== -1) chips.push({ label: t('fromLibrary'), accent: true });
  return (
    <PublicationCard
      title={item.umkName}
      meta={[typeName, context].filter(Boolean).join(' · ')}
      description={item.description}
      chips={chips}
      chipsLabel={t('forStudents')}
      file={
        item.fileName
          ? {
              name: item.fileName,
              url: buildDownloadUrl('umk', item.id_books, item.fileName, API_BASE_URL),
              title: item.umkName,
            }
          : null
      }
      noFile={
        <>
          <Icon name="globe" size={18} />
          {t('htmlBook')}
        </>
      }
      actions={
        onEdit || onDelete ? (
          <>
            {onEdit ? (
              <ItemActionButton
                action="edit"
                label={t('editLabel', { name: item.umkName })}
                title={t('edit')}
                onClick={onEdit}
              />
            ) : null}
            {onDelete ? (
              <ItemActionButton
                action="delete"
                label={t('deleteLabel', { name: item.umkName })}
                title={t('delete')}
                onClick={onDelete}
              />
            ) : null}
          </>
        ) : undefined
      }
    />
  );
}
