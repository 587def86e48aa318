import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FailureMessage, useFailureDetail } from '../../../components/ui/failure-message';
import { Icon } from '../../../components/ui/icon';
import { Panel } from '../../../components/ui/panel';
import { PickerField } from '../../../components/ui/picker-field';
import { QueryFailed } from '../../../components/ui/query-state';
import { offeredId, PLACEHOLDER_ID } from '../../../lib/pickers';
import { useRegStreams, useRegTeachers } from '../api/choices';
import { useOptionalDisciplines } from '../api/optional';
import { useSaveRegistration, type RegListRequest } from '../api/reg-list';
import { NO_STREAM, NO_TEACHER, rowTeacher, streamsTeacher } from '../utils/registration';
import { useRowLabels } from './row-labels';
import styles from './registration.module.css';

/**
 * Adding an elective (with the optional-registration permission): discipline, then teacher (the
 * only one chosen at once), then stream. A new discipline resets teacher and stream; a new teacher
 * resets the stream. A failed registration keeps every choice.
 */
export function OptionalPanel({
  list,
  onNotice,
}: {
  list: RegListRequest;
  onNotice: (text: string) => void;
}) {
  const { t } = useTranslation('discipline-registration');
  const failureDetail = useFailureDetail();
  const labels = useRowLabels();
  const [chosen, setChosen] = useState({
    discipline: PLACEHOLDER_ID,
    teacher: NO_TEACHER,
    stream: NO_STREAM,
  });
  const disciplines = useOptionalDisciplines(list);
  const disciplineList = disciplines.data ?? [];
  const discipline = disciplineList.find((d) => d.id_discipline === chosen.discipline);
  const course = discipline && {
    id_discipline: discipline.id_discipline,
    id_a_year: list.id_a_year,
    id_semester: list.id_semester,
    id_vid_zaniatiy: discipline.id_vid_zaniatiy,
  };
  const teachers = useRegTeachers('optional', course ?? null);
  const teacher = course
    ? rowTeacher({ failed: teachers.isError, list: teachers.data }, chosen.teacher)
    : NO_TEACHER;
  const streamsOf = streamsTeacher(teacher);
  const streams = useRegStreams(
    'optional',
    course && streamsOf !== null ? { ...course, id_teacher: streamsOf } : null,
  );
  const streamOptions = (streams.data ?? []).map((s) => ({
    id: s.subgroup,
    name: s.dop_potokname,
  }));
  const stream =
    offeredId(streamOptions, chosen.stream, (o) => o.id) === -1 ? NO_STREAM : chosen.stream;
  const save = useSaveRegistration(list);
  const ready = discipline !== undefined && streamsOf !== null && stream !== NO_STREAM;

  const choose = (next: typeof chosen) => {
    setChosen(next);
    save.reset();
  };

  return (
    <Panel title={t('optional.title')} icon="registration">
      <div className={styles.optional}>
        <PickerField
          className={styles.wide}
          label={t('optional.discipline')}
          value={offeredId(disciplineList, chosen.discipline, (d) => d.id_discipline)}
          options={disciplineList.map((d) => ({
            id: d.id_discipline,
            name: `${d.name} · ${labels.lessonKind(d.id_vid_zaniatiy)} · ${t('kreditsShort', { count: d.kredits })}`,
          }))}
          busy={disciplines.isFetching}
          disabled={save.isPending}
          hint={
            disciplines.isSuccess && disciplineList.length === 0 ? t('optional.none') : undefined
          }
          onChange={(id) => choose({ discipline: id, teacher: NO_TEACHER, stream: NO_STREAM })}
        >
          {disciplines.isError ? (
            <QueryFailed
              text={t('loadErrors.disciplines')}
              onRetry={() => void disciplines.refetch()}
            />
          ) : null}
        </PickerField>
        <PickerField
          label={t('teacher')}
          value={streamsOf ?? NO_TEACHER}
          options={(teachers.data ?? []).map((x) => ({ id: x.id_teacher, name: x.t_fio }))}
          busy={teachers.isFetching}
          disabled={save.isPending || !course || teachers.isError}
          onChange={(id) => choose({ ...chosen, teacher: id, stream: NO_STREAM })}
        >
          {teachers.isError ? (
            <QueryFailed text={t('loadErrors.teachers')} onRetry={() => void teachers.refetch()} />
          ) : null}
        </PickerField>
        <PickerField
          label={t('stream')}
          value={stream}
          placeholder={t('streamPlaceholder')}
          placeholderId={NO_STREAM}
          options={streamOptions}
          busy={streams.isFetching}
          disabled={save.isPending || streamsOf === null}
          onChange={(id) => choose({ ...chosen, teacher, stream: id })}
        >
          {streams.isError ? (
            <QueryFailed text={t('loadErrors.streams')} onRetry={() => void streams.refetch()} />
          ) : null}
        </PickerField>
        <div className={styles.rowActions}>
          <Button
            disabled={!ready}
            aria-busy={save.isPending}
            onClick={() => {
              if (!ready || !discipline || streamsOf === null || save.isPending) return;
              save.mutate(
                {
                  uid: list.uid,
                  isByPlan: false,
                  id_a_year: list.id_a_year,
                  id_semester: list.id_semester,
                  id_group: list.id_group,
                  id_kafedra: discipline.id_kafedra,
                  id_discipline: discipline.id_discipline,
                  kredits: discipline.kredits,
                  id_examination: discipline.id_examination,
                  id_vid_zaniatiy: discipline.id_vid_zaniatiy,
                  id_teacher: streamsOf,
                  subgroup: stream,
                },
                {
                  onSuccess: () => {
                    onNotice(t('saved', { name: discipline.name }));
                    setChosen({
                      discipline: PLACEHOLDER_ID,
                      teacher: NO_TEACHER,
                      stream: NO_STREAM,
                    });
                  },
                },
              );
            }}
          >
            <Icon name="plus" size={16} />
            {save.isPending ? t('saving') : t('optional.add')}
          </Button>
        </div>
        {save.isError ? (
          <div className={styles.wide}>
            <FailureMessage
              title={t('saveFailed')}
              kept="choices"
              detail={failureDetail(save.error)}
            />
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
