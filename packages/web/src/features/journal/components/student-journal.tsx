import { numberFormat } from '@lms/i18n';
import { useIdParam } from '../../../lib/ui-state/url-param';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '@lms/i18n/dates';
import { useTranslation } from 'react-i18next';
import { AcademicPickers } from '../../../components/academic/academic-pickers';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { Loading } from '../../../components/ui/loading';
import { Panel } from '../../../components/ui/panel';
import { PickerField } from '../../../components/ui/picker-field';
import { failedWithoutData, QueryFailed } from '../../../components/ui/query-state';
import { QueryStaleNotice } from '../../../components/ui/stale-notice';
import { useApiClient } from '../../../lib/query/api-client';
import type { AcademicContext } from '../../../lib/academic-context/use-academic-context';
import { chosenOrFirst, PLACEHOLDER_ID } from '../../../lib/ui-state/pickers';
import { getContactsQueryOptions } from '../../../lib/reference-data/contacts';
import type { ShellUser } from '../../../lib/session/shell-session';
import { useStudentJournal } from '../api/get-student-journal';
import { useJournalClass } from '../api/use-journal-class';
import {
  ABSENT_MARK,
  absencePercent,
  attendancePercent,
  DEFAULT_ABSENCE_WARNING_PERCENT,
  journalTable,
  type JournalColumn,
  type JournalTableRow,
} from '../utils/journal-calc';
import { KindPicker } from './kind-picker';
import styles from './journal.module.css';

export interface StudentJournalProps {
  user: ShellUser;
  academic: AcademicContext;
  /** /config.json's absenceWarningPercent, when it has a usable one. */
  warningPercent: number | undefined;
}

/**
 * The student's row: attendance, absences, points and average, a warning once absences pass
 * `limit` (per cent), and each date's mark.
 */
function StudentRow({
  journal,
  row,
  columns,
  limit,
}: {
  journal: ReturnType<typeof useStudentJournal>;
  row: JournalTableRow;
  columns: readonly JournalColumn[];
  limit: number;
}) {
  const { t, i18n } = useTranslation('journal');
  const percent = numberFormat(i18n.language, { maximumFractionDigits: 2 });
  const attendance = attendancePercent(row.figures, columns.length) ?? 0;
  const missed = absencePercent(row.figures, columns.length);
  return (
    <>
      <QueryStaleNotice query={journal} />
      <dl className={styles.figures}>
        <div className={styles.figureCard}>
          <dt>{t('student.attendance')}</dt>
          <dd>{percent.format(attendance)} %</dd>
        </div>
        <div className={styles.figureCard}>
          <dt>{t('student.absences')}</dt>
          <dd>{row.figures.absences}</dd>
        </div>
        <div className={styles.figureCard}>
          <dt>{t('student.sum')}</dt>
          <dd>{row.figures.sum}</dd>
        </div>
        <div className={styles.figureCard}>
          <dt>{t('student.average')}</dt>
          <dd>{percent.format(row.figures.average)}</dd>
        </div>
      </dl>
      {missed > limit ? (
        <p className={styles.warning} role="alert">
          <Icon name="alert" size={20} />
          {t('student.warning', { percent: percent.format(Math.round(missed)), limit })}
        </p>
      ) : null}
      <h3 className={styles.note}>{t('student.marks')}</h3>
      <ul className={styles.marks}>
        {columns.map((column, i) => {
          const mark = row.marks[i] ?? '';
          return (
            <li
              key={column.visitDate}
              className={styles.markItem}
              data-absent={mark === ABSENT_MARK}
            >
              <time className={styles.markDate} dateTime={column.visitDate}>
                {formatDate(column.visitDate)}
              </time>
              <span className={styles.markValue}>{mark || t('student.noMark')}</span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * The student's own journal: the class (academic context, the teacher — for role 2
 * the group list requests the teachers — and the kind of lesson), then their row only: attendance,
 * absences, points and average, each date's mark, and a warning past the absence threshold.
 */
export function StudentJournal({ user, academic, warningPercent }: StudentJournalProps) {
  const { t } = useTranslation('journal');
  const client = useApiClient();
  // The teacher and kind of lesson live in the address with the shell's choice.
  const [teacherId, setTeacherId] = useIdParam('teacher');
  const [kindId, setKindId] = useIdParam('kind');
  const teachers = useQuery(getContactsQueryOptions(client, academic.contacts));
  const teacher = academic.contacts
    ? chosenOrFirst(teachers.data, teacherId, (item) => item.idid)
    : null;
  const { kinds, kind, cls } = useJournalClass(academic, teacher?.idid ?? null, kindId);
  const journal = useStudentJournal(
    cls
      ? {
          id_student: user.id,
          id_teacher: cls.id_teacher,
          id_discipline: cls.id_discipline,
          credits: cls.credits,
          id_semesterOrWs: cls.id_semesterOrWs,
          id_vid_zaniatiy: cls.id_vid_zaniatiy,
        }
      : null,
  );
  const limit = warningPercent ?? DEFAULT_ABSENCE_WARNING_PERCENT;

  let body;
  if (!kinds) {
    body =
      academic.contacts && teachers.isSuccess && teachers.data.length === 0 ? (
        <EmptyState icon="contacts" text={t('student.noTeachers')} />
      ) : (
        <EmptyState icon="journal" text={t('student.choose')} />
      );
  } else if (kinds.isSuccess && kinds.data.length === 0) {
    body = <EmptyState icon="journal" text={t('student.empty')} />;
  } else if (failedWithoutData(journal)) {
    body = (
      <QueryFailed
        text={t('student.failed')}
        error={journal.error}
        onRetry={() => void journal.refetch()}
      />
    );
  } else if (journal.data === undefined) {
    body = <Loading />;
  } else {
    const table = journalTable(journal.data);
    // Only the student's own row, whatever else an answer might carry.
    const row = table.rows.find((item) => item.id_student === user.id);
    if (!row || table.columns.length === 0) {
      body = <EmptyState icon="journal" text={t('student.empty')} />;
    } else {
      body = <StudentRow journal={journal} row={row} columns={table.columns} limit={limit} />;
    }
  }

  return (
    <>
      <Panel title={t('class.title')} icon="journal">
        <div className={styles.pickers}>
          <AcademicPickers academic={academic} />
          <PickerField
            label={t('student.teacher')}
            value={teacher?.idid ?? PLACEHOLDER_ID}
            disabled={!academic.contacts}
            options={(academic.contacts ? (teachers.data ?? []) : []).map((item) => ({
              id: item.idid,
              name: item.fio,
            }))}
            query={academic.contacts ? teachers : undefined}
            failedText={t('student.teachersFailed')}
            onChange={(id) => {
              if (id !== PLACEHOLDER_ID) setTeacherId(id);
            }}
          />
          <KindPicker kinds={kinds} kind={kind} onChange={setKindId} />
        </div>
      </Panel>
      <Panel title={t('student.marks')} icon="check">
        {body}
      </Panel>
    </>
  );
}
