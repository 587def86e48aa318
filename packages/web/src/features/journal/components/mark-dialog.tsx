import { formatDate } from '@lms/i18n/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { PickerField } from '../../../components/ui/picker-field';
import { SegmentedField } from '../../../components/ui/segmented-field';
import { PLACEHOLDER_ID } from '../../../lib/pickers';
import { visitOutbox } from '../api/visit-outbox';
import { ABSENT_MARK } from '../utils/journal-calc';
import { absentOption, classKey, type Assessment, type JournalClass } from '../utils/journal-class';
import type { JournalCell } from './journal-table';

export interface MarkDialogProps {
  owner: number;
  cls: JournalClass;
  cell: JournalCell;
  assessments: readonly Assessment[];
  onClose: () => void;
}

/** Changes one student's visit and mark on a date (studentvisitupdate, through the outbox). */
export function MarkDialog({ owner, cls, cell, assessments, onClose }: MarkDialogProps) {
  const { t } = useTranslation(['journal', 'common']);
  const absentId = absentOption(assessments)?.id_otsenka;
  const marks = assessments.filter((option) => option.id_otsenka !== absentId);
  const [absent, setAbsent] = useState(cell.mark === ABSENT_MARK);
  const [mark, setMark] = useState(
    marks.find((option) => option.name === cell.mark)?.id_otsenka ?? PLACEHOLDER_ID,
  );
  const [busy, setBusy] = useState(false);
  const date = formatDate(cell.column.visitDate);

  const save = async () => {
    setBusy(true);
    await visitOutbox.add({
      owner,
      scope: classKey(cls),
      files: [],
      payload: {
        kind: 'one',
        visit: {
          ...cls,
          id_student: cell.id_student,
          visitDate: cell.column.visitDate,
          timesCount: cell.column.timesCount,
          isVisited: !absent,
          id_otsenka: absent ? (absentId ?? PLACEHOLDER_ID) : mark,
        },
      },
    });
    onClose();
  };

  return (
    <FormDialog
      title={t('table.editTitle', { date })}
      subtitle={cell.s_fio}
      busy={busy}
      onDismiss={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {t('table.save')}
          </Button>
        </>
      }
    >
      <SegmentedField
        legend={t('table.attendance')}
        value={absent ? 'absent' : 'present'}
        options={[
          { value: 'present', label: t('roll.present') },
          { value: 'absent', label: t('roll.absent') },
        ]}
        onChange={(value) => setAbsent(value === 'absent')}
      />
      <PickerField
        label={t('roll.mark')}
        value={absent ? PLACEHOLDER_ID : mark}
        disabled={absent}
        options={marks.map((option) => ({ id: option.id_otsenka, name: option.name }))}
        onChange={setMark}
      />
    </FormDialog>
  );
}
