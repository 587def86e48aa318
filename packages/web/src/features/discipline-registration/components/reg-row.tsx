import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useFailureDetail } from '../../../components/ui/failure-message';
import { Icon } from '../../../components/ui/icon';
import { cx } from '../../../lib/class-names';
import { useDeleteRegistration } from '../api/delete-registration';
import type { RegListRequest } from '../api/discipline-registration-keys';
import type { RegRow } from '../api/get-reg-list';
import { useSaveRegistration } from '../api/save-registration';
import { isRegistered } from '../utils/registration';
import { useRowLabels } from './row-labels';
import { TeacherStreamChoice } from './teacher-stream-choice';
import styles from './registration.module.css';

export interface RegRowCardProps {
  row: RegRow;
  list: RegListRequest;
  onNotice: (text: string) => void;
}

/**
 * One row of the registration: the discipline and kind of lesson, its credits and form of control;
 * registered, its teacher and stream with a way to cancel; otherwise a teacher (the only one is
 * chosen at once), then one of that teacher's streams, and 'Записаться'.
 */
export function RegRowCard({ row, list, onNotice }: RegRowCardProps) {
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

function Registered({ row, name, list, onNotice }: RegRowCardProps & { name: string }) {
  const { t } = useTranslation('discipline-registration');
  const failureDetail = useFailureDetail();
  const remove = useDeleteRegistration(list);
  const [confirming, setConfirming] = useState(false);
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

function Choices({ row, name, list, onNotice }: RegRowCardProps & { name: string }) {
  const { t } = useTranslation('discipline-registration');
  const save = useSaveRegistration(list);
  return (
    <div className={styles.choices}>
      <TeacherStreamChoice
        source="row"
        course={{
          id_discipline: row.id_discipline,
          id_a_year: row.id_a_year,
          id_semester: row.id_semester,
          id_vid_zaniatiy: row.id_vid_zaniatiy,
        }}
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
        onSaved={() => onNotice(t('saved', { name }))}
      />
    </div>
  );
}
