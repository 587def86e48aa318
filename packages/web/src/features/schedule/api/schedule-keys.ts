import type { components } from '@lms/client';

/** The schedule call's request, and who asked: the query (and the copy kept offline) is per user. */
export interface ScheduleParams {
  /** Account id: the kept copy belongs to this user. */
  uid: number;
  /** The schedule call is chosen by role (1 teacher, 2 student). */
  role: components['schemas']['Role'];
  /** Person id of the teacher or the student, sent as `id`. */
  id: number;
  year: number;
  ws: components['schemas']['ScheduleRequest']['ws'];
}

/** Hierarchical query keys of the schedule screen: everything under ['schedule']. */
export const scheduleKeys = {
  all: ['schedule'] as const,
  weeks: () => [...scheduleKeys.all, 'week'] as const,
  week: (params: ScheduleParams | null) => [...scheduleKeys.weeks(), params ?? {}] as const,
};
