import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListHeading } from '../../../components/ui/list-heading';
import { Panel } from '../../../components/ui/panel';
import { PickerField } from '../../../components/ui/picker-field';
import { QueryState } from '../../../components/ui/query-state';
import surface from '../../../components/ui/surface.module.css';
import { SuccessNotice } from '../../../components/ui/success-notice';
import { offeredId, PLACEHOLDER_ID } from '../../../lib/ui-state/pickers';
import type { PortalUser } from '../../../lib/session/roles';
import { useVocabulary } from '../../../lib/format/vocabulary';
import { useOptionalPermission } from '../api/get-optional-permission';
import { useRegistrationList } from '../api/get-registration-list';
import { creditsOf } from '../utils/registration';
import { OptionalPanel } from './optional-panel';
import { RegistrationRowCard } from './registration-row';
import {
  useRegistrationPeriod,
  type RegistrationChoice,
  type RegistrationPeriod,
} from './use-registration-period';
import styles from './registration.module.css';

/** The period's pickers: year, group and semester; each clears the choices below it. */
function PeriodPanel({
  period,
  onChoose,
}: {
  period: RegistrationPeriod;
  onChoose: (next: Partial<RegistrationChoice>) => void;
}) {
  const { t } = useTranslation('discipline-registration');
  const words = useVocabulary();
  const { years, groups, semesters, year, group } = period;
  const yearList = years.data ?? [];
  const groupList = groups.data ?? [];
  return (
    <Panel title={t('period')} icon="calendar">
      <div className={styles.filters}>
        <PickerField
          label={t('year')}
          value={offeredId(yearList, year, (y) => y.id_a_year)}
          options={yearList.map((y) => ({ id: y.id_a_year, name: y.name }))}
          query={years}
          busy={period.defYear.isFetching}
          // Another year: its groups and semesters are asked anew.
          onChange={(id) => onChoose({ year: id, group: -1, semester: -1 })}
        />
        <PickerField
          label={t('group')}
          value={group}
          options={groupList.map((g) => ({ id: g.id_group, name: g.name }))}
          query={groups}
          disabled={year === PLACEHOLDER_ID}
          // Nothing follows a year without a group: the student is told why.
          hint={groups.isSuccess && groupList.length === 0 ? t('noGroupInYear') : undefined}
          onChange={(id) => onChoose({ group: id, semester: -1 })}
        />
        <PickerField
          label={t('semester')}
          value={period.semester}
          options={(semesters.data ?? []).map((s) => ({
            id: s.id_semester,
            name: words.semester(s.name),
          }))}
          query={semesters}
          disabled={group === PLACEHOLDER_ID}
          onChange={(id) => onChoose({ semester: id })}
        />
      </div>
    </Panel>
  );
}

/**
 * Discipline registration: year (the default year first), group, semester, then the
 * rows of the plan and the electives with their teacher and stream, the semester's credits, and
 * optional disciplines to add when the student has the permission. Changing the year, group or
 * semester clears what depends on it.
 */
export function RegistrationScreen({ user }: { user: PortalUser }) {
  const { t } = useTranslation('discipline-registration');
  const period = useRegistrationPeriod(user);
  const [notice, setNotice] = useState('');
  const params = period.list;
  const list = useRegistrationList(params);
  const permission = useOptionalPermission();
  const credits = creditsOf(list.data ?? []);

  const choose = (next: Partial<RegistrationChoice>) => {
    period.choose(next);
    setNotice('');
  };

  return (
    <>
      <PeriodPanel period={period} onChoose={choose} />

      <section className={surface.stack} aria-labelledby="registration-rows">
        <ListHeading id="registration-rows" title={t('disciplines')}>
          {list.data ? (
            <p className={styles.credits} role="status" aria-live="polite">
              {t('credits', credits)}
            </p>
          ) : null}
        </ListHeading>
        <SuccessNotice>{notice}</SuccessNotice>
        {!params ? (
          <EmptyState icon="calendar" text={t('choosePeriod')} />
        ) : (
          <QueryState query={list}>
            {(rows) =>
              rows.length === 0 ? (
                <EmptyState icon="registration" text={t('empty')} />
              ) : (
                <ul className={styles.rows} aria-label={t('disciplines')}>
                  {rows.map((row) => (
                    <RegistrationRowCard
                      key={`${row.id_discipline}-${row.id_vid_zaniatiy}`}
                      row={row}
                      list={params}
                      onNotice={setNotice}
                    />
                  ))}
                </ul>
              )
            }
          </QueryState>
        )}
      </section>

      {params && permission.data === true ? (
        <OptionalPanel list={params} onNotice={setNotice} />
      ) : null}
    </>
  );
}
