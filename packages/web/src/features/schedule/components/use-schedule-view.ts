import { useMemo } from 'react';
import { useSchedule, type ScheduleParams } from '../api/get-schedule';
import { readLatestCachedSchedule } from '../utils/schedule-cache';
import type { ScheduleLesson } from '../utils/week';
import type { AcademicContext } from '../../../lib/academic-context/use-academic-context';
import type { ShellUser } from '../../../lib/shell-session';

export interface SchedulePeriod {
  /** The academic year's label; unknown when only a stored copy could be shown. */
  yearName?: string;
  ws: number;
}

export type ScheduleView =
  | { state: 'loading' }
  | { state: 'failed'; retry: () => void }
  /** The server names no current year or ws. */
  | { state: 'no-period' }
  | {
      state: 'ready';
      lessons: ScheduleLesson[];
      period: SchedulePeriod;
      /** When these lessons were fetched (ms). */
      updatedAt: number;
      refreshing: boolean;
      /** The last refresh failed: the lessons are the stored copy. */
      refreshFailed: boolean;
      refresh: () => void;
    };

/**
 * The schedule screen's state: the academic context's year and ws (the user's choice, else the
 * first entries of the discipline area's current lists), then the user's schedule for them, shown from the stored copy at once and
 * refreshed in the background. When even the year and ws cannot be fetched (server unreachable,
 * browser offline), the user's most recent stored schedule is shown, marked as not refreshed.
 */
export function useScheduleView(user: ShellUser, academic: AcademicContext): ScheduleView {
  const { currentYear: years, currentWs: halves, year, ws } = academic;
  const yearName = years.data?.find((item) => item.id_a_year === year)?.name;
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
  const fallback = useMemo(
    () => (periodUnavailable ? readLatestCachedSchedule(uid, role) : null),
    [periodUnavailable, uid, role],
  );

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
    if (schedule.isError) return { state: 'failed', retry: () => void schedule.refetch() };
    return { state: 'loading' };
  }

  const refetchPeriod = () => {
    if (years.isError) void years.refetch();
    if (halves.isError) void halves.refetch();
  };
  if (periodUnavailable) {
    if (!fallback)
      return periodFailed ? { state: 'failed', retry: refetchPeriod } : { state: 'loading' };
    return {
      state: 'ready',
      lessons: fallback.schedule,
      period: { ws: fallback.ws },
      updatedAt: Date.parse(fallback.date),
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
