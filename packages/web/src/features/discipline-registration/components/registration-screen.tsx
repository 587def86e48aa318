import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { ListHeading } from '../../../components/ui/list-heading';
import { Panel } from '../../../components/ui/panel';
import { PickerField } from '../../../components/ui/picker-field';
import { QueryState } from '../../../components/ui/query-state';
import surface from '../../../components/ui/surface.module.css';
import { SuccessNotice } from '../../../components/ui/success-notice';
import { offeredId, PLACEHOLDER_ID } from '../../../lib/pickers';
import { useStudentGroups } from '../../../lib/reference-data/student-groups';
import type { PortalUser } from '../../../lib/roles';
import { useVocabulary } from '../../../lib/vocabulary';
import type { RegListRequest } from '../api/discipline-registration-keys';
import { useOptionalPermission } from '../api/get-optional-permission';
import { useRegDefYear } from '../api/get-reg-def-year';
import { useRegList } from '../api/get-reg-list';
import { useRegSemesters } from '../api/get-reg-semesters';
import { useRegYears } from '../api/get-reg-years';
import { creditsOf } from '../utils/registration';
import { OptionalPanel } from './optional-panel';
import { RegRowCard } from './reg-row';
import styles from './registration.module.css';

/**
 * Discipline registration: year (the default year first), group, semester, then the
 * rows of the plan and the electives with their teacher and stream, the semester's credits, and
 * optional disciplines to add when the student has the permission. Changing the year, group or
 * semester clears what depends on it.
 */
export function RegistrationScreen({ user }: { user: PortalUser }) {
  const { t } = useTranslation('discipline-registration');
  const words = useVocabulary();
  const [chosen, setChosen] = useState({
    year: PLACEHOLDER_ID,
    group: PLACEHOLDER_ID,
    semester: PLACEHOLDER_ID,
  });
  const [notice, setNotice] = useState('');
  const defYear = useRegDefYear(user.uid);
  const years = useRegYears(user.uid);
  const yearList = years.data ?? [];
  // The default year becomes the active year (the newest one if it has none).
  const defaultYear =
    defYear.data?.id_a_year ??
    (defYear.isPending ? PLACEHOLDER_ID : (yearList[0]?.id_a_year ?? PLACEHOLDER_ID));
  const year = chosen.year !== PLACEHOLDER_ID ? chosen.year : defaultYear;
  const groups = useStudentGroups(
    year === PLACEHOLDER_ID ? null : { id_a_year: year, id_student: user.id },
  );
  const groupList = groups.data ?? [];
  const group =
    offeredId(groupList, chosen.group, (g) => g.id_group) !== PLACEHOLDER_ID
      ? chosen.group
      : (groupList[0]?.id_group ?? PLACEHOLDER_ID);
  const semesters = useRegSemesters(
    year === PLACEHOLDER_ID || group === PLACEHOLDER_ID
      ? null
      : { id_group: group, id_a_year: year },
  );
  const semesterList = semesters.data ?? [];
  const semester =
    offeredId(semesterList, chosen.semester, (s) => s.id_semester) !== PLACEHOLDER_ID
      ? chosen.semester
      : (semesterList[0]?.id_semester ?? PLACEHOLDER_ID);
  const params: RegListRequest | null =
    year !== PLACEHOLDER_ID && group !== PLACEHOLDER_ID && semester !== PLACEHOLDER_ID
      ? { uid: user.uid, id_a_year: year, id_semester: semester, id_group: group }
      : null;
  const list = useRegList(params);
  const permission = useOptionalPermission();
  const credits = creditsOf(list.data ?? []);

  const choose = (next: Partial<typeof chosen>) => {
    setChosen((current) => ({ ...current, ...next }));
    setNotice('');
  };

  return (
    <>
      <Panel title={t('period')} icon="calendar">
        <div className={styles.filters}>
          <PickerField
            label={t('year')}
            value={offeredId(yearList, year, (y) => y.id_a_year)}
            options={yearList.map((y) => ({ id: y.id_a_year, name: y.name }))}
            query={years}
            busy={defYear.isFetching}
            // Another year: its groups and semesters are asked anew.
            onChange={(id) => choose({ year: id, group: -1, semester: -1 })}
          />
          <PickerField
            label={t('group')}
            value={group}
            options={groupList.map((g) => ({ id: g.id_group, name: g.name }))}
            query={groups}
            disabled={year === PLACEHOLDER_ID}
            // Nothing follows a year without a group: the student is told why.
            hint={groups.isSuccess && groupList.length === 0 ? t('noGroupInYear') : undefined}
            onChange={(id) => choose({ group: id, semester: -1 })}
          />
          <PickerField
            label={t('semester')}
            value={semester}
            options={semesterList.map((s) => ({ id: s.id_semester, name: words.semester(s.name) }))}
            query={semesters}
            disabled={group === PLACEHOLDER_ID}
            onChange={(id) => choose({ semester: id })}
          />
        </div>
      </Panel>

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
                    <RegRowCard
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
