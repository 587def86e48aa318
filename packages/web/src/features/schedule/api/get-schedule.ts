import type { components, LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { byRole } from '../../../lib/roles';
import { readCachedSchedule, writeCachedSchedule } from '../utils/schedule-cache';
import type { ScheduleLesson } from '../utils/week';
import { scheduleKeys } from './schedule-keys';
import { KEPT_OFFLINE } from '../../../lib/offline-cache';

export interface ScheduleParams {
  /** Account id: the cache is kept per user. */
  uid: number;
  /** The schedule call is chosen by role (1 teacher, 2 student). */
  role: components['schemas']['Role'];
  /** Person id of the teacher or the student, sent as `id`. */
  id: number;
  year: number;
  ws: components['schemas']['ScheduleRequest']['ws'];
}

/** The schedule call is chosen by role. */
export function schedulePath(role: ScheduleParams['role']) {
  return byRole(role, '/api/schedule/teacher.json' as const, '/api/schedule/student.json' as const);
}

/**
 * The week's lessons. The copy kept in local storage shows at once, dated by its own
 * timestamp, and is always refreshed in the background (staleTime 0); every answer replaces the copy.
 */
export function getScheduleQueryOptions(client: LmsClient, params: ScheduleParams | null) {
  return queryOptions({
    ...KEPT_OFFLINE,
    queryKey: scheduleKeys.week(params),
    queryFn: params
      ? async ({ signal }): Promise<ScheduleLesson[]> => {
          const { uid, role, id, year, ws } = params;
          const schedule =
            (await client.post(schedulePath(role), { body: { ws, year, id }, signal })) ?? [];
          writeCachedSchedule({ uid, role, year, ws, date: new Date().toISOString(), schedule });
          return schedule;
        }
      : skipToken,
    initialData: () => (params ? readCachedSchedule(params)?.schedule : undefined),
    initialDataUpdatedAt: () => {
      const cached = params ? readCachedSchedule(params) : null;
      return cached ? Date.parse(cached.date) : undefined;
    },
    staleTime: 0,
  });
}

export function useSchedule(params: ScheduleParams | null) {
  return useQuery(getScheduleQueryOptions(useApiClient(), params));
}
