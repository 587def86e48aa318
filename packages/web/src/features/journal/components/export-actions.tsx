import { formatDate } from '@lms/i18n/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon } from '../../../components/ui/action-icons';
import { Button } from '../../../components/ui/button';
import { FailureMessage } from '../../../components/ui/failure-message';
import { CSV_TYPE } from '../../../lib/files/csv-export';
import { downloadBlob, downloadTextFile } from '../../../lib/files/download-file';
import type { JournalTable } from '../utils/journal-calc';
import { exportFileName, journalCsv, journalSheet, journalXlsx } from '../utils/journal-export';
import styles from './journal.module.css';

export interface ExportActionsProps {
  table: JournalTable;
  fileName: readonly string[];
}

/** CSV, Excel (its writer loaded only now) and print of the journal as the screen shows it. */
export function ExportActions({ table, fileName }: ExportActionsProps) {
  const { t, i18n } = useTranslation('journal');
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const [failed, setFailed] = useState(false);
  const sheet = () =>
    journalSheet(table, {
      name: t('table.name'),
      absences: t('table.absences'),
      sum: t('table.sum'),
      average: t('table.average'),
      date: (visitDate) => formatDate(visitDate),
    });
  const run = async (kind: 'csv' | 'xlsx') => {
    setBusy(kind);
    setFailed(false);
    try {
      if (kind === 'csv') {
        downloadTextFile(
          exportFileName(fileName, 'csv'),
          await journalCsv(sheet(), i18n.language),
          CSV_TYPE,
        );
      } else {
        downloadBlob(
          exportFileName(fileName, 'xlsx'),
          await journalXlsx(sheet(), t('export.sheet')),
        );
      }
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className={styles.noPrint}>
      <div className={styles.actions}>
        <Button
          type="button"
          variant="secondary"
          disabled={busy !== null}
          onClick={() => void run('csv')}
        >
          <ActionIcon name="download" size={18} />
          {t('export.csv')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          disabled={busy !== null}
          onClick={() => void run('xlsx')}
        >
          <ActionIcon name="download" size={18} />
          {t('export.xlsx')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => window.print()}>
          <ActionIcon name="print" size={18} />
          {t('export.print')}
        </Button>
      </div>
      {failed ? <FailureMessage title={t('export.failed')} /> : null}
    </div>
  );
}
