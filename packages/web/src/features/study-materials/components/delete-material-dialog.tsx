import { useTranslation } from 'react-i18next';
import { DeleteConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useFailureDetail } from '../../../components/ui/failure-message';
import type { PortalUser } from '../../../lib/session/roles';
import { useDeleteMaterial } from '../api/delete-material';
import type { MaterialItem } from '../api/get-materials';
import styles from './study-materials.module.css';

/** Asks before a teacher's material is deleted; a failed deletion is said in the dialog. */
export function DeleteMaterialDialog({
  user,
  item,
  onCancel,
  onDeleted,
}: {
  user: Pick<PortalUser, 'id' | 'role'>;
  item: MaterialItem;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(['study-materials', 'common']);
  const failureDetail = useFailureDetail();
  const remove = useDeleteMaterial();
  return (
    <DeleteConfirmDialog
      title={t('confirmDelete.title')}
      text={t('confirmDelete.text')}
      confirmLabel={t('confirmDelete.confirm')}
      pendingLabel={t('confirmDelete.pending')}
      pending={remove.isPending}
      error={
        remove.isError
          ? {
              title: t('confirmDelete.failed'),
              detail: failureDetail(remove.error, { notFound: t('confirmDelete.notFound') }),
              error: remove.error,
            }
          : null
      }
      onCancel={onCancel}
      onConfirm={() =>
        remove.mutate(
          { id_human: user.id, id_humanType: user.role, id_books: item.id_books },
          { onSuccess: onDeleted },
        )
      }
    >
      <p className={styles.quote}>{item.umkName}</p>
    </DeleteConfirmDialog>
  );
}
