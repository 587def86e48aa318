import type { UseQueryResult } from '@tanstack/react-query';
import { formatDate } from '@lms/i18n/dates';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { useFailureDetail } from '../../../components/ui/failure-message';
import { ListHeading } from '../../../components/ui/list-heading';
import { Loading } from '../../../components/ui/loading';
import { QueryFailed } from '../../../components/ui/query-state';
import { useDeleteJournalDate } from '../api/delete-journal-date';
import { journalTable, type Journal, type JournalColumn } from '../utils/journal-calc';
import {
  classKey,
  type Assessment,
  type JournalClass,
  type VisitUpdate,
} from '../utils/journal-class';
import { withPendingVisits } from '../utils/pending-marks';
import { ExportActions } from './export-actions';
import { JournalTable, type JournalCell } from './journal-table';
import { MarkDialog } from './mark-dialog';
import styles from './journal.module.css';

export interface ClassJournalProps {
  owner: number;
  cls: JournalClass;
  journal: UseQueryResult<Journal>;
  assessments: UseQueryResult<Assessment[]>;
  /** The visits of the class's writes not saved yet, oldest first. */
  pending: readonly (readonly VisitUpdate[])[];
  /** Discipline, group and kind: the export's file name. */
  exportName: readonly string[];
}

/** The class's journal table with the writes not saved yet laid over it, exports and print. */
export function ClassJournal({
  owner,
  cls,
  journal,
  assessments,
  pending,
  exportName,
}: ClassJournalProps) {
  const { t } = useTranslation('journal');
  const failureDetail = useFailureDetail();
  const [editing, setEditing] = useState<JournalCell | null>(null);
  const [deleting, setDeleting] = useState<JournalColumn | null>(null);
  const remove = useDeleteJournalDate();
  const { reset } = remove;
  const askToDelete = useCallback(
    (column: JournalColumn) => {
      reset();
      setDeleting(column);
    },
    [reset],
  );

  // One table per answer, built on the last one, and the waiting writes laid over it: rows keep
  // their identity while nothing changed them, so a write, and the answer read after it, redraw
  // the rows they touch.
  const [built, setBuilt] = useState(() => ({
    data: journal.data,
    table: journal.data ? journalTable(journal.data) : null,
  }));
  let stored = built.table;
  if (built.data !== journal.data) {
    stored = journal.data ? journalTable(journal.data, built.table) : null;
    setBuilt({ data: journal.data, table: stored });
  }
  const table = useMemo(
    () => (stored ? withPendingVisits(stored, pending, assessments.data ?? []) : null),
    [stored, pending, assessments.data],
  );
  let body;
  if (journal.isError) {
    body = (
      <QueryFailed
        text={t('table.failed')}
        error={journal.error}
        onRetry={() => void journal.refetch()}
      />
    );
  } else if (!table) {
    body = <Loading />;
  } else {
    body =
      table.columns.length === 0 || table.rows.length === 0 ? (
        <EmptyState icon="journal" text={t('table.empty')} />
      ) : (
        <JournalTable
          // Each class opens afresh, at its first dates.
          key={classKey(cls)}
          table={table}
          pending={table.pending}
          label={t('table.title')}
          onEdit={setEditing}
          onDeleteDate={askToDelete}
        />
      );
  }

  return (
    <div className={styles.page}>
      <ListHeading
        id="journal-table-title"
        title={t('table.title')}
        count={table ? t('table.students', { count: table.rows.length }) : undefined}
      >
        {table && table.columns.length > 0 ? (
          <ExportActions table={table} fileName={exportName} />
        ) : null}
      </ListHeading>
      {body}
      {editing ? (
        <MarkDialog
          owner={owner}
          cls={cls}
          cell={editing}
          assessments={assessments.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <DeleteConfirmDialog
          title={t('table.deleteTitle')}
          text={t('table.deleteText', { date: formatDate(deleting.visitDate) })}
          confirmLabel={t('table.delete')}
          pendingLabel={t('table.deleting')}
          pending={remove.isPending}
          error={
            remove.isError
              ? {
                  title: t('table.deleteFailed'),
                  detail: failureDetail(remove.error),
                  error: remove.error,
                }
              : null
          }
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            void remove
              .mutateAsync({ ...cls, visitDate: deleting.visitDate })
              .then(() => setDeleting(null))
              .catch(() => undefined)
          }
        />
      ) : null}
    </div>
  );
}
