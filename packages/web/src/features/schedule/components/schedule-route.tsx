import { formatDate, formatTime } from '@lms/i18n/dates';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Icon } from '../../../components/ui/icon';
import { Loading } from '../../../components/ui/loading';
import { SectionPage } from '../../../components/ui/page-header';
import { QueryFailed } from '../../../components/ui/query-state';
import { StaleNotice } from '../../../components/ui/stale-notice';
import { useOnlineStatus } from '../../../lib/offline/online-status';
import type { AcademicContext } from '../../../lib/academic-context/use-academic-context';
import { useShellSession, type ShellUser } from '../../../lib/session/shell-session';
import { isMobile } from '../../../lib/ui-state/viewport';
import { forgetLegacyScheduleCopies } from '../utils/legacy-copies';
import { academicWeekOf, dayNumberOf, weekParityOf, weekStartOf } from '../utils/week';
import { DayList } from './day-list';
import { ExportButton } from './export-button';
import styles from './schedule-route.module.css';
import { useScheduleView, type SchedulePeriod } from './use-schedule-view';
import { WeekGrid } from './week-grid';

/** /lms/schedule: the signed-in teacher's or student's week (the call is chosen by role). */
export function ScheduleRoute() {
  const { t } = useTranslation('schedule');
  const { user, academic } = useShellSession();
  useEffect(forgetLegacyScheduleCopies, []);
  return (
    <SectionPage title={t('title')} icon="schedule" className={styles.page}>
      <ScheduleScreen user={user} academic={academic} />
    </SectionPage>
  );
}

const HALF_KEYS = { 1: 'halves.1', 2: 'halves.2', 3: 'halves.3' } as const;

function usePeriodLabel(period: SchedulePeriod): string {
  const { t } = useTranslation('schedule');
  const halfKey = HALF_KEYS[period.ws as keyof typeof HALF_KEYS];
  const half = halfKey ? t(halfKey) : '';
  if (period.yearName) return t('period', { year: period.yearName, half });
  return half.charAt(0).toLocaleUpperCase() + half.slice(1);
}

function ScheduleScreen({ user, academic }: { user: ShellUser; academic: AcademicContext }) {
  useSignals();
  const { t } = useTranslation(['schedule', 'common']);
  const online = useOnlineStatus();
  const view = useScheduleView(user, academic);
  // The real date: the highlight and the week's dates follow the user's today, not the server's.
  const [today] = useState(() => new Date());
  const weekStart = weekStartOf(today);
  const weekParity = weekParityOf(today);
  const todayNumber = dayNumberOf(today);
  const periodLabel = usePeriodLabel(view.state === 'ready' ? view.period : { ws: 0 });

  if (view.state === 'loading') return <Loading />;
  if (view.state === 'failed') {
    return <QueryFailed text={t('schedule:failed')} error={view.error} onRetry={view.retry} />;
  }
  if (view.state === 'no-period') return <EmptyState icon="calendar" text={t('noPeriod')} />;

  const { lessons, period, updatedAt, refreshing, refreshFailed, refresh } = view;
  const weekLabel = t(weekParity === 1 ? 'week.odd' : 'week.even', {
    number: academicWeekOf(today),
  });
  const sharedProps = { lessons, weekStart, weekParity, today: todayNumber };

  return (
    <>
      <div className={styles.toolbar}>
        <div className={styles.summary}>
          <p className={styles.period}>{periodLabel}</p>
          <div className={styles.meta}>
            <span className={styles.week}>{weekLabel}</span>
            <span className={styles.updated} role="status">
              {refreshing ? (
                <>
                  <span className={styles.spinner} aria-hidden="true" />
                  {t('refreshing')}
                </>
              ) : (
                t('updatedAt', { date: formatDate(updatedAt), time: formatTime(updatedAt) })
              )}
            </span>
            <button
              type="button"
              className={styles.refresh}
              onClick={refresh}
              disabled={refreshing}
              aria-label={t('refresh')}
              title={t('refresh')}
            >
              <Icon name="refresh" size={16} />
            </button>
          </div>
        </div>
        {lessons.length > 0 ? (
          <ExportButton
            lessons={lessons}
            period={period}
            periodLabel={periodLabel}
            weekStart={weekStart}
            weekParity={weekParity}
            role={user.role}
            personId={user.id}
          />
        ) : null}
      </div>

      {(refreshFailed && !refreshing) || !online ? (
        <StaleNotice text={refreshFailed ? t('staleNotice') : undefined} onRetry={refresh} />
      ) : null}

      {lessons.length === 0 ? (
        <EmptyState icon="calendar" text={t('empty')} />
      ) : isMobile.value ? (
        <DayList {...sharedProps} />
      ) : (
        <WeekGrid {...sharedProps} />
      )}
    </>
  );
}
