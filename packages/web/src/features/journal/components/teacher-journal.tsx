import { useIdParam } from '../../../lib/ui-state/url-param';
import { useVocabulary } from '../../../lib/format/vocabulary';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AcademicPickers } from '../../../components/academic/academic-pickers';
import { EmptyState } from '../../../components/ui/empty-state';
import { Panel } from '../../../components/ui/panel';
import { PickerField } from '../../../components/ui/picker-field';
import { useApiClient } from '../../../lib/query/api-client';
import type { AcademicContext } from '../../../lib/academic-context/use-academic-context';
import { useOutbox } from '../../../lib/offline/outbox/use-outbox';
import type { ShellUser } from '../../../lib/session/shell-session';
import { useAssessments } from '../api/get-assessments';
import { useJournal } from '../api/get-journal';
import { useRoll } from '../api/get-roll';
import { journalKeys } from '../api/journal-keys';
import { registerVisitSender, visitOutbox, visitsOf } from '../api/send-visits';
import { useJournalClass } from '../api/use-journal-class';
import { classKey } from '../utils/journal-class';
import { semesterSpan } from '../utils/lesson-date';
import { todayIso } from '../utils/today';
import { ClassJournal } from './class-journal';
import { PendingVisits } from './pending-visits';
import { RollCall } from './roll-call';
import { KindPicker } from './kind-picker';
import styles from './journal.module.css';

export interface TeacherJournalProps {
  user: ShellUser;
  academic: AcademicContext;
}

/**
 * The teacher's journal: the class (the shared academic context, then kind of lesson and
 * subgroup), the roll call of a date, the writes not saved yet, and the journal table.
 */
export function TeacherJournal({ user, academic }: TeacherJournalProps) {
  const { t } = useTranslation('journal');
  const client = useApiClient();
  const queryClient = useQueryClient();
  // The class's kind of lesson and subgroup live in the address with the shell's choice.
  const [kindId, setKindId] = useIdParam('kind');
  const [subgroupParam, setSubgroupId] = useIdParam('subgroup');
  const subgroupId = subgroupParam ?? 0;
  const { discipline, group } = academic;

  // The outbox sends with this screen's client and refreshes the journal after each write.
  useEffect(
    () =>
      registerVisitSender({
        client,
        owner: user.uid,
        onSent: () => queryClient.invalidateQueries({ queryKey: journalKeys.classes() }),
      }),
    [client, queryClient, user.uid],
  );

  const { kinds, kind, cls } = useJournalClass(academic, user.id, kindId);
  const words = useVocabulary();

  const today = todayIso();
  // The class's students (subgroup 0, today): which subgroups it has.
  const members = useRoll(cls ? { cls, visitDate: today, subgroup: 0, stored: false } : null);
  const subgroups = [
    ...new Set((members.data ?? []).map((student) => student.subgroup ?? 0).filter((n) => n > 0)),
  ].sort((a, b) => a - b);
  const subgroup = subgroups.length > 1 && subgroups.includes(subgroupId) ? subgroupId : 0;

  const journal = useJournal(cls ? { cls, subgroup } : null);
  const assessments = useAssessments(kind?.id_vid_zaniatiy ?? null);
  const scope = cls ? classKey(cls) : '';
  const entries = useOutbox(visitOutbox, user.uid, scope);
  // The same array while the outbox is unchanged, so the journal table is not rebuilt.
  const pendingVisits = useMemo(() => entries.map((entry) => visitsOf(entry.payload)), [entries]);
  const yearName = academic.currentYear.data?.find((y) => y.id_a_year === academic.year)?.name;
  const span = academic.ws !== null ? semesterSpan(yearName, academic.ws) : null;

  let body = null;
  if (!kinds) {
    body = <EmptyState icon="journal" text={t('class.choose')} />;
  } else if (kinds.isSuccess && kinds.data.length === 0) {
    body = <EmptyState icon="journal" text={t('class.noKinds')} />;
  } else if (cls) {
    body = (
      <>
        <RollCall
          key={`${scope}|${subgroup}`}
          owner={user.uid}
          cls={cls}
          subgroup={subgroup}
          today={today}
          span={span}
          journal={journal}
          assessments={assessments}
          pending={entries}
        />
        <PendingVisits entries={entries} owner={user.uid} names={members.data ?? []} />
        <ClassJournal
          owner={user.uid}
          cls={cls}
          journal={journal}
          assessments={assessments}
          pending={pendingVisits}
          exportName={[
            discipline?.name ?? '',
            group ? words.group(group) : '',
            kind ? words.lessonKind(kind.id_vid_zaniatiy, kind.name) : '',
          ]}
        />
      </>
    );
  }

  return (
    <>
      <Panel title={t('class.title')} icon="journal" className={styles.noPrint}>
        <div className={styles.pickers}>
          <AcademicPickers academic={academic} />
          <KindPicker kinds={kinds} kind={kind} onChange={setKindId} />
          {subgroups.length > 1 ? (
            <PickerField
              label={t('class.subgroup')}
              value={subgroup}
              placeholderId={0}
              placeholder={t('class.subgroupPlaceholder')}
              hint={t('class.subgroupHint')}
              options={subgroups.map((number) => ({
                id: number,
                name: t('class.subgroupName', { number }),
              }))}
              onChange={setSubgroupId}
            />
          ) : null}
        </div>
      </Panel>
      {body}
    </>
  );
}
