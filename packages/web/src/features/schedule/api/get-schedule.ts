import type { LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import { KEPT_OFFLINE } from '../../../lib/offline/offline-cache';
import { byRole } from '../../../lib/session/roles';
import type { ScheduleLesson } from '../utils/week';
import { scheduleKeys, type ScheduleParams } from './schedule-keys';

/** The schedule call is chosen by role. */
export function schedulePath(role: ScheduleParams['role']) {
  return byRole(role, '/api/schedule/teacher.json' as const, '/api/schedule/student.json' as const);
}

/**
 * The week's lessons, kept offline with the rest of the user's data (lib/offline/offline-cache.ts): the
 * copy kept on the device shows at once, dated by when it arrived, and is always asked for again
 * (staleTime 0); every answer replaces it.
 */
export function getScheduleQueryOptions(client: LmsClient, params: ScheduleParams | null) {
  return queryOptions({
    ...KEPT_OFFLINE,
    queryKey: scheduleKeys.week(params),
    queryFn: params
      ? async ({ signal }): Promise<ScheduleLesson[]> => {
          const { role, id, year, ws } = params;
          return (await client.post(schedulePath(role), { body: { ws, year, id }, signal })) ?? [];
        }
      : skipToken,
    staleTime: 0,
  });
}

export function useSchedule(params: ScheduleParams | null) {
  return useQuery(getScheduleQueryOptions(useApiClient(), params));
}

/** A schedule answer still in the cache: its lessons, for which ws, and when it arrived (ms). */
export interface KeptSchedule {
  lessons: ScheduleLesson[];
  ws: number;
  updatedAt: number;
}

const isParams = (value: unknown): value is ScheduleParams =>
  typeof value === 'object' &&
  value !== null &&
  ['uid', 'role', 'year', 'ws'].every((field) =>
    Number.isInteger((value as Record<string, unknown>)[field]),
  );

/**
 * The schedule answer a user last received in a role, whatever its year and ws: what the screen
 * can still show when not even the current year and ws are known. It is read from the query
 * cache, which the shell's offline persistence restores: the schedule keeps no copy of its own.
 */
export function latestKeptSchedule(
  queryClient: QueryClient,
  uid: number,
  role: number,
): KeptSchedule | null {
  let latest: KeptSchedule | null = null;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: scheduleKeys.weeks() })) {
    const params = query.queryKey[2];
    const { data, dataUpdatedAt } = query.state;
    if (!isParams(params) || params.uid !== uid || params.role !== role) continue;
    if (!Array.isArray(data) || (latest && latest.updatedAt >= dataUpdatedAt)) continue;
    latest = { lessons: data as ScheduleLesson[], ws: params.ws, updatedAt: dataUpdatedAt };
  }
  return latest;
}
