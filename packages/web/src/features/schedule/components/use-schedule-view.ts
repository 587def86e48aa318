import { useQueryClient } from '@tanstack/react-query';
import { latestKeptSchedule, useSchedule } from '../api/get-schedule';
import type { ScheduleParams } from '../api/schedule-keys';
import type { ScheduleLesson } from '../utils/week';
import type { AcademicContext } from '../../../lib/academic-context/use-academic-context';
import type { ShellUser } from '../../../lib/session/shell-session';

export interface SchedulePeriod {
  /** The academic year's label; unknown when only a kept copy could be shown. */
  yearName?: string;
  ws: number;
}

export type ScheduleView =
  | { state: 'loading' }
  /** `error` is why, so the failure can be told in words (server down, no network, timeout). */
  | { state: 'failed'; error: unknown; retry: () => void }
  /** The server names no current year or ws. */
  | { state: 'no-period' }
  | {
      state: 'ready';
      lessons: ScheduleLesson[];
      period: SchedulePeriod;
      /** When these lessons were fetched (ms). */
      updatedAt: number;
      refreshing: boolean;
      /** The last refresh failed: the lessons are the kept copy. */
      refreshFailed: boolean;
      refresh: () => void;
    };

/**
 * The schedule screen's state: the current year and ws (the first entries of the discipline area's
 * current lists), then the user's schedule for them, shown from the copy kept offline at once and
 * refreshed in the background. When even the year and ws cannot be fetched (server unreachable,
 * browser offline), the schedule the user last received in this role is shown, marked as not
 * refreshed. Both come from the portal's data kept offline only.
 */
export function useScheduleView(
  user: ShellUser,
  academic: Pick<AcademicContext, 'currentYear' | 'currentWs'>,
): ScheduleView {
  const { currentYear: years, currentWs: halves } = academic;
  // The schedule has no year or half picker: it shows the current period, whatever year or half
  // another screen chose in the shell (its lessons sit under this week's dates and 'Сегодня').
  const current = years.data?.[0];
  const year = current?.id_a_year ?? null;
  const ws = halves.data?.[0]?.ws ?? null;
  const yearName = current?.name;
  const { uid, id, role } = user;
  const params: ScheduleParams | null =
    year !== null && ws !== null ? { uid, role, id, year, ws } : null;
  const schedule = useSchedule(params);

  const periodFailed = years.isError || halves.isError;
  // Offline, TanStack Query holds a first request until the network returns (networkMode 'online').
  const periodWaiting =
    (years.isPending && years.fetchStatus === 'paused') ||
    (halves.isPending && halves.fetchStatus === 'paused');
  const periodUnavailable = periodFailed || periodWaiting;
  // Read on every render: the kept data may be restored after the screen first draws.
  const queryClient = useQueryClient();
  const fallback = periodUnavailable ? latestKeptSchedule(queryClient, uid, role) : null;

  if (params) {
    if (schedule.data !== undefined) {
      return {
        state: 'ready',
        lessons: schedule.data,
        period: { yearName, ws: params.ws },
        updatedAt: schedule.dataUpdatedAt,
        refreshing: schedule.isFetching,
        refreshFailed: schedule.isError,
        refresh: () => void schedule.refetch(),
      };
    }
    if (schedule.isError) {
      return { state: 'failed', error: schedule.error, retry: () => void schedule.refetch() };
    }
    return { state: 'loading' };
  }

  const refetchPeriod = () => {
    if (years.isError) void years.refetch();
    if (halves.isError) void halves.refetch();
  };
  if (periodUnavailable) {
    if (!fallback) {
      return periodFailed
        ? { state: 'failed', error: years.error ?? halves.error, retry: refetchPeriod }
        : { state: 'loading' };
    }
    return {
      state: 'ready',
      lessons: fallback.lessons,
      period: { ws: fallback.ws },
      updatedAt: fallback.updatedAt,
      refreshing: years.isFetching || halves.isFetching,
      refreshFailed: true,
      refresh: refetchPeriod,
    };
  }
  if ((years.isSuccess && year === null) || (halves.isSuccess && ws === null)) {
    return { state: 'no-period' };
  }
  return { state: 'loading' };
}
