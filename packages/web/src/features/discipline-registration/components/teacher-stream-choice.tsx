import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FailureMessage, useFailureDetail } from '../../../components/ui/failure-message';
import { PickerField } from '../../../components/ui/picker-field';
import { offeredId } from '../../../lib/ui-state/pickers';
import { useVocabulary } from '../../../lib/format/vocabulary';
import type {
  ChoiceSource,
  RegistrationTeachersRequest,
} from '../api/discipline-registration-keys';
import { useRegistrationStreams } from '../api/get-registration-streams';
import { useRegistrationTeachers } from '../api/get-registration-teachers';
import type { RegistrationSaveRequest, useSaveRegistration } from '../api/save-registration';
import {
  NO_STREAM,
  NO_TEACHER,
  rowTeacher,
  streamsTeacher,
  TEACHERS_FAILED,
  type TeacherStream,
} from '../utils/registration';
import styles from './registration.module.css';

export interface TeacherStreamChoiceProps {
  /** A row of the list, or an optional discipline. */
  source: ChoiceSource;
  /** The discipline, year, semester and kind of lesson; null while no discipline is chosen. */
  course: RegistrationTeachersRequest | null;
  /** The teacher and stream picked so far: the person's draft, kept by the form around. */
  chosen: TeacherStream;
  onChoose: (next: TeacherStream) => void;
  /** What the registration sends besides teacher and stream; null while it cannot be sent. */
  registration: Omit<RegistrationSaveRequest, 'id_teacher' | 'subgroup'> | null;
  /** useSaveRegistration() of the screen's list. */
  save: ReturnType<typeof useSaveRegistration>;
  /** The button: its text, icon and (for a row of the list) its accessible name. */
  saveLabel: string;
  saveIcon: ReactNode;
  saveAriaLabel?: string;
  /** The registration is saved (the component may be gone by then: a row turns registered). */
  onSaved: () => void;
}

/**
 * A teacher (the only one is taken at once and its streams asked for; a failed list is
 * the -100 placeholder with a retry), then one of that teacher's streams ('Выберите поток', 0),
 * then the registration. A new teacher resets the stream; a failed save keeps both choices.
 */
export function TeacherStreamChoice({
  source,
  course,
  chosen,
  onChoose,
  registration,
  save,
  saveLabel,
  saveIcon,
  saveAriaLabel,
  onSaved,
}: TeacherStreamChoiceProps) {
  const { t } = useTranslation('discipline-registration');
  const words = useVocabulary();
  const failureDetail = useFailureDetail();
  const teachers = useRegistrationTeachers(source, course);
  const teacher = course
    ? rowTeacher({ failed: teachers.isError, list: teachers.data }, chosen.teacher)
    : NO_TEACHER;
  const streamsOf = streamsTeacher(teacher);
  const streams = useRegistrationStreams(
    source,
    course && streamsOf !== null ? { ...course, id_teacher: streamsOf } : null,
  );
  const streamOptions = (streams.data ?? []).map((s) => ({
    id: s.subgroup,
    name: words.group({ name: s.dop_potokname }),
  }));
  const stream =
    offeredId(streamOptions, chosen.stream, (o) => o.id) === -1 ? NO_STREAM : chosen.stream;
  const ready = registration !== null && streamsOf !== null && stream !== NO_STREAM;

  const choose = (next: TeacherStream) => {
    onChoose(next);
    save.reset();
  };

  return (
    <>
      <PickerField
        label={t('teacher')}
        value={teacher === TEACHERS_FAILED ? NO_TEACHER : teacher}
        options={(teachers.data ?? []).map((x) => ({ id: x.id_teacher, name: x.t_fio }))}
        query={teachers}
        failedText={t('loadErrors.teachers')}
        disabled={save.isPending || !course || teachers.isError}
        // Another teacher: the stream chosen for the old one no longer applies.
        onChange={(id) => choose({ teacher: id, stream: NO_STREAM })}
      />
      <PickerField
        label={t('stream')}
        value={stream}
        placeholder={t('streamPlaceholder')}
        placeholderId={NO_STREAM}
        options={streamOptions}
        query={streams}
        failedText={t('loadErrors.streams')}
        disabled={save.isPending || streamsOf === null}
        onChange={(id) => choose({ teacher, stream: id })}
      />
      <div className={styles.rowActions}>
        <Button
          disabled={!ready}
          aria-busy={save.isPending}
          aria-label={saveAriaLabel}
          onClick={() => {
            if (!ready || save.isPending) return;
            void save
              .mutateAsync({ ...registration, id_teacher: streamsOf, subgroup: stream })
              .then(onSaved, () => undefined);
          }}
        >
          {saveIcon}
          {save.isPending ? t('saving') : saveLabel}
        </Button>
      </div>
      {save.isError ? (
        <div className={styles.wide}>
          <FailureMessage
            title={t('saveFailed')}
            kept="choices"
            detail={failureDetail(save.error)}
            error={save.error}
          />
        </div>
      ) : null}
    </>
  );
}
