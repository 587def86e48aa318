import { formatDate } from '@lms/i18n/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FormDialog } from '../../../components/ui/form-dialog';
import { PickerField } from '../../../components/ui/picker-field';
import { SegmentedField } from '../../../components/ui/segmented-field';
import { DraftNote } from '../../../components/ui/draft-note';
import { useDraft } from '../../../lib/offline/drafts/use-draft';
import { PLACEHOLDER_ID } from '../../../lib/ui-state/pickers';
import { visitOutbox } from '../api/send-visits';
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

/** The dialog's choice: present or absent, and the mark (-1 for none). */
interface MarkDraft {
  absent: boolean;
  mark: number;
}

/**
 * Changes one student's visit and mark on a date (studentvisitupdate, through the outbox). The
 * choice is kept as a draft of the class, student and date until it is saved or cancelled.
 */
export function MarkDialog({ owner, cls, cell, assessments, onClose }: MarkDialogProps) {
  const { t } = useTranslation(['journal', 'common']);
  const absentId = absentOption(assessments)?.id_otsenka;
  const marks = assessments.filter((option) => option.id_otsenka !== absentId);
  const draft = useDraft<MarkDraft>(
    owner,
    `journal:mark:${classKey(cls)}:${cell.id_student}:${cell.column.visitDate}`,
    {
      absent: cell.mark === ABSENT_MARK,
      mark: marks.find((option) => option.name === cell.mark)?.id_otsenka ?? PLACEHOLDER_ID,
    },
  );
  const { absent, mark } = draft.value;
  const [busy, setBusy] = useState(false);
  // Cancelling throws the draft away.
  const cancel = () => {
    draft.clear();
    onClose();
  };
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
    // The outbox keeps the change from now on (across reloads too): the draft goes.
    draft.clear();
    onClose();
  };

  return (
    <FormDialog
      title={t('table.editTitle', { date })}
      subtitle={cell.s_fio}
      busy={busy}
      onDismiss={cancel}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={cancel}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {t('table.save')}
          </Button>
        </>
      }
    >
      <DraftNote restored={draft.restored} onDiscard={draft.clear} />
      <SegmentedField
        legend={t('table.attendance')}
        value={absent ? 'absent' : 'present'}
        options={[
          { value: 'present', label: t('roll.present') },
          { value: 'absent', label: t('roll.absent') },
        ]}
        onChange={(value) => draft.set((now) => ({ ...now, absent: value === 'absent' }))}
      />
      <PickerField
        label={t('roll.mark')}
        value={absent ? PLACEHOLDER_ID : mark}
        disabled={absent}
        options={marks.map((option) => ({ id: option.id_otsenka, name: option.name }))}
        onChange={(id) => draft.set((now) => ({ ...now, mark: id }))}
      />
    </FormDialog>
  );
}
