import { useTranslation } from 'react-i18next';
import { DraftNote } from '../../../components/ui/draft-note';
import { Icon } from '../../../components/ui/icon';
import { Panel } from '../../../components/ui/panel';
import { PickerField } from '../../../components/ui/picker-field';
import { useDraft } from '../../../lib/offline/drafts/use-draft';
import { offeredId } from '../../../lib/ui-state/pickers';
import type { RegistrationListRequest } from '../api/discipline-registration-keys';
import { useOptionalDisciplines } from '../api/get-optional-disciplines';
import { useSaveRegistration } from '../api/save-registration';
import { NO_OPTIONAL_CHOICE, NO_TEACHER_STREAM, optionalDraftKey } from '../utils/registration';
import { useRowLabels } from './row-labels';
import { TeacherStreamChoice } from './teacher-stream-choice';
import styles from './registration.module.css';

/**
 * Adding an elective (with the optional-registration permission): discipline, then teacher (the
 * only one chosen at once), then stream. A new discipline resets teacher and stream; a new teacher
 * resets the stream. A failed registration keeps every choice, and the choices are the person's
 * draft of the period until the elective is registered, so a reload brings them back.
 */
export function OptionalPanel({
  list,
  onNotice,
}: {
  list: RegistrationListRequest;
  onNotice: (text: string) => void;
}) {
  const { t } = useTranslation('discipline-registration');
  const labels = useRowLabels();
  const draft = useDraft(list.uid, optionalDraftKey(list), NO_OPTIONAL_CHOICE);
  const chosen = draft.value.discipline;
  const disciplines = useOptionalDisciplines(list);
  const disciplineList = disciplines.data ?? [];
  const discipline = disciplineList.find((d) => d.id_discipline === chosen);
  const course = discipline && {
    id_discipline: discipline.id_discipline,
    id_a_year: list.id_a_year,
    id_semester: list.id_semester,
    id_vid_zaniatiy: discipline.id_vid_zaniatiy,
  };
  const save = useSaveRegistration(list);

  return (
    <Panel title={t('optional.title')} icon="registration">
      <div className={styles.optional}>
        <DraftNote
          className={styles.wide}
          restored={draft.restored}
          onDiscard={() => {
            draft.clear();
            save.reset();
          }}
        />
        <PickerField
          className={styles.wide}
          label={t('optional.discipline')}
          value={offeredId(disciplineList, chosen, (d) => d.id_discipline)}
          options={disciplineList.map((d) => ({
            id: d.id_discipline,
            name: `${d.name} · ${labels.lessonKind(d.id_vid_zaniatiy)} · ${t('kreditsShort', { count: d.kredits })}`,
          }))}
          query={disciplines}
          failedText={t('loadErrors.disciplines')}
          disabled={save.isPending}
          hint={
            disciplines.isSuccess && disciplineList.length === 0 ? t('optional.none') : undefined
          }
          // A new discipline starts teacher and stream again.
          onChange={(id) => {
            draft.set({ ...NO_TEACHER_STREAM, discipline: id });
            save.reset();
          }}
        />
        <TeacherStreamChoice
          source="optional"
          course={course ?? null}
          chosen={draft.value}
          onChoose={(next) => draft.set((current) => ({ ...current, ...next }))}
          registration={
            discipline
              ? {
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
                }
              : null
          }
          save={save}
          saveLabel={t('optional.add')}
          saveIcon={<Icon name="plus" size={16} />}
          onSaved={() => {
            if (discipline) onNotice(t('saved', { name: discipline.name }));
            draft.clear();
          }}
        />
      </div>
    </Panel>
  );
}
