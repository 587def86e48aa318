import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/ui/empty-state';
import { Loading } from '../../components/ui/loading';
import { Panel } from '../../components/ui/panel';
import { PickerField } from '../../components/ui/picker-field';
import { QueryFailed } from '../../components/ui/query-state';
import type { AcademicContext } from '../../lib/academic-context/use-academic-context';
import type { Ws } from '../../lib/reference-data/current-ws';
import { useVocabulary } from '../../lib/format/vocabulary';
import styles from './side-panels.module.css';

export interface DisciplinePanelsProps {
  academic: AcademicContext;
}

/**
 * The discipline column's two panels: the period (semester half, then the chosen
 * discipline's semester and group or stream, each shown only when there is a choice) and the
 * role's disciplines of that period.
 */
export function DisciplinePanels({ academic }: DisciplinePanelsProps) {
  return (
    <>
      <PeriodPanel academic={academic} />
      <DisciplineListPanel academic={academic} />
    </>
  );
}

function PeriodPanel({ academic }: DisciplinePanelsProps) {
  const { t } = useTranslation('shell');
  const words = useVocabulary();
  const { currentWs, semesters, groups, discipline, semester, group, ws, choose } = academic;
  let body;
  if (currentWs.isError) {
    body = (
      <QueryFailed text={t('panels.period.failed')} onRetry={() => void currentWs.refetch()} />
    );
  } else if (currentWs.isPending) {
    body = <Loading />;
  } else {
    const semesterList = semesters.data ?? [];
    const groupList = groups.data ?? [];
    body = (
      <div className={styles.pickers}>
        <PickerField
          label={t('panels.period.ws')}
          value={ws ?? -1}
          options={currentWs.data.map((half) => ({
            id: half.ws,
            name: words.semesterHalf(half.ws, half.name),
          }))}
          onChange={(id) => {
            if (id !== -1) choose.ws(id as Ws);
          }}
        />
        {discipline && semesterList.length > 1 ? (
          <PickerField
            label={t('panels.period.semester')}
            value={semester?.id_semester ?? -1}
            options={semesterList.map((item) => ({
              id: item.id_semester,
              name: words.semester(item.name),
            }))}
            onChange={(id) => {
              if (id !== -1) choose.semester(id);
            }}
          />
        ) : null}
        {discipline && groupList.length > 1 ? (
          <PickerField
            label={t('panels.period.group')}
            value={group?.id_group ?? -1}
            options={groupList.map((item) => ({
              id: item.id_group,
              name: words.group(item),
            }))}
            onChange={(id) => {
              if (id !== -1) choose.group(id);
            }}
          />
        ) : null}
        {discipline && (semesters.isError || groups.isError) ? (
          <QueryFailed
            text={t('panels.period.failed')}
            onRetry={() => void (semesters.isError ? semesters.refetch() : groups.refetch())}
          />
        ) : null}
      </div>
    );
  }
  return (
    <Panel title={t('panels.period.title')} icon="calendar">
      {body}
    </Panel>
  );
}

function DisciplineListPanel({ academic }: DisciplinePanelsProps) {
  const { t } = useTranslation('shell');
  const { disciplines, discipline, root, choose, currentWs, currentYear } = academic;
  // The list waits for the year and the semester half: if either cannot be had, it fails too
  // (with their retry), instead of loading for ever.
  const rootFailed = !root ? [currentYear, currentWs].find((query) => query.isError) : undefined;
  let body;
  if (rootFailed) {
    body = (
      <QueryFailed
        text={t('panels.disciplines.failed')}
        error={rootFailed.error}
        onRetry={() => void rootFailed.refetch()}
      />
    );
  } else if (disciplines.isError) {
    body = (
      <QueryFailed
        text={t('panels.disciplines.failed')}
        onRetry={() => void disciplines.refetch()}
      />
    );
  } else if (!root || disciplines.isPending) {
    body = <Loading />;
  } else if (disciplines.data.length === 0) {
    body = <EmptyState icon="layers" text={t('panels.disciplines.empty')} />;
  } else {
    body = (
      <ul className={styles.list}>
        {disciplines.data.map((item) => {
          const chosen = item.id_discipline === discipline?.id_discipline;
          return (
            <li key={item.id_discipline}>
              <button
                type="button"
                className={styles.item}
                aria-pressed={chosen}
                onClick={() => choose.discipline(chosen ? null : item.id_discipline)}
              >
                <span className={styles.itemText}>{item.name}</span>
                <span className={styles.meta}>
                  {t('panels.disciplines.credits', { count: item.kredits })}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <Panel title={t('panels.disciplines.title')} icon="layers">
      {body}
    </Panel>
  );
}
