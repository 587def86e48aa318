import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DraftNote } from '../../../components/ui/draft-note';
import { useFailureDetail } from '../../../components/ui/failure-message';
import { Icon } from '../../../components/ui/icon';
import { cx } from '../../../lib/format/class-names';
import { removeDraft } from '../../../lib/offline/drafts/draft-store';
import { useDraft } from '../../../lib/offline/drafts/use-draft';
import { useDeleteRegistration } from '../api/delete-registration';
import type { RegistrationListRequest } from '../api/discipline-registration-keys';
import type { RegistrationRow } from '../api/get-registration-list';
import { useSaveRegistration } from '../api/save-registration';
import { isRegistered, NO_TEACHER_STREAM, rowDraftKey } from '../utils/registration';
import { useRowLabels } from './row-labels';
import { TeacherStreamChoice } from './teacher-stream-choice';
import styles from './registration.module.css';

export interface RegistrationRowCardProps {
  row: RegistrationRow;
  list: RegistrationListRequest;
  onNotice: (text: string) => void;
}

/**
 * One row of the registration: the discipline and kind of lesson, its credits and form of control;
 * registered, its teacher and stream with a way to cancel; otherwise a teacher (the only one is
 * chosen at once), then one of that teacher's streams, and 'Записаться'. What is picked is the
 * person's draft of that row until it is registered, so a reload brings it back.
 */
export function RegistrationRowCard({ row, list, onNotice }: RegistrationRowCardProps) {
  const { t } = useTranslation('discipline-registration');
  const labels = useRowLabels();
  const name = `${row.disciplineName} · ${labels.lessonKind(row.id_vid_zaniatiy)}`;
  return (
    <li className={styles.row}>
      <div className={styles.rowTop}>
        <div className={styles.rowText}>
          <h3 className={styles.rowTitle}>{row.disciplineName}</h3>
          <p className={styles.meta}>
            {[
              labels.lessonKind(row.id_vid_zaniatiy),
              labels.examination(row.id_examination),
              t('kreditsShort', { count: row.kredits }),
            ].join(' · ')}
          </p>
        </div>
        <span className={cx(styles.kind, !row.isByPlan && styles.elective)}>
          {row.isByPlan ? t('byPlan') : t('elective')}
        </span>
      </div>
      {isRegistered(row) ? (
        <Registered row={row} name={name} list={list} onNotice={onNotice} />
      ) : (
        <Choices row={row} name={name} list={list} onNotice={onNotice} />
      )}
    </li>
  );
}

function Registered({ row, name, list, onNotice }: RegistrationRowCardProps & { name: string }) {
  const { t } = useTranslation('discipline-registration');
  const failureDetail = useFailureDetail();
  const remove = useDeleteRegistration(list);
  const [confirming, setConfirming] = useState(false);
  // A registered row has nothing left to draft: a draft of it kept from before (the page closed
  // before the answer came, or registered on another device) goes.
  const draftKey = rowDraftKey(row);
  useEffect(() => {
    void removeDraft(list.uid, draftKey);
  }, [list.uid, draftKey]);
  return (
    <div className={styles.registered}>
      <p className={styles.choice}>
        <Icon name="check" size={18} />
        <span>
          {row.t_fio}
          <span className={styles.stream}>{t('registeredWith', { stream: row.subgroup })}</span>
        </span>
      </p>
      <Button
        variant="secondary"
        aria-label={t('deleteLabel', { name })}
        onClick={() => {
          remove.reset();
          setConfirming(true);
        }}
      >
        <Icon name="close" size={16} />
        {t('delete')}
      </Button>
      {confirming ? (
        <ConfirmDialog
          title={t('confirmDelete.title')}
          text={row.isByPlan ? t('confirmDelete.plan') : t('confirmDelete.elective')}
          confirmLabel={t('delete')}
          cancelLabel={t('confirmDelete.keep')}
          pendingLabel={t('confirmDelete.pending')}
          danger
          icon={<Icon name="close" size={22} />}
          pending={remove.isPending}
          error={
            remove.isError
              ? {
                  title: t('confirmDelete.failed'),
                  detail: failureDetail(remove.error),
                  error: remove.error,
                }
              : null
          }
          onCancel={() => setConfirming(false)}
          // The row changes under this dialog once deleted (a plan row's pickers come back, an
          // elective goes), so the notice is given when the promise settles, not by the observer.
          onConfirm={() => {
            void remove.mutateAsync(row).then(
              () => onNotice(t('deleted', { name })),
              () => undefined,
            );
          }}
        >
          <p className={styles.quote}>{name}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

function Choices({ row, name, list, onNotice }: RegistrationRowCardProps & { name: string }) {
  const { t } = useTranslation('discipline-registration');
  const save = useSaveRegistration(list);
  const draft = useDraft(list.uid, rowDraftKey(row), NO_TEACHER_STREAM);
  return (
    <div className={styles.choices}>
      <DraftNote
        className={styles.wide}
        restored={draft.restored}
        onDiscard={() => {
          draft.clear();
          save.reset();
        }}
      />
      <TeacherStreamChoice
        source="row"
        course={{
          id_discipline: row.id_discipline,
          id_a_year: row.id_a_year,
          id_semester: row.id_semester,
          id_vid_zaniatiy: row.id_vid_zaniatiy,
        }}
        chosen={draft.value}
        onChoose={draft.set}
        registration={{
          uid: list.uid,
          isByPlan: row.isByPlan,
          id_a_year: row.id_a_year,
          id_semester: row.id_semester,
          id_group: row.id_group,
          id_kafedra: row.id_kafedra,
          id_discipline: row.id_discipline,
          kredits: row.kredits,
          id_examination: row.id_examination,
          id_vid_zaniatiy: row.id_vid_zaniatiy,
        }}
        save={save}
        saveLabel={t('save')}
        saveIcon={<Icon name="check" size={16} />}
        saveAriaLabel={t('saveLabel', { name })}
        // The row turns registered (and this form goes): its draft is done with.
        onSaved={() => {
          draft.clear();
          onNotice(t('saved', { name }));
        }}
      />
    </div>
  );
}
