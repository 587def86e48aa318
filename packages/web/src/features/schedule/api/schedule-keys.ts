import type { ScheduleParams } from './get-schedule';

/** Hierarchical query keys of the schedule screen: everything under ['schedule']. */
export const scheduleKeys = {
  all: ['schedule'] as const,
  currentYear: () => [...scheduleKeys.all, 'current-year'] as const,
  currentWs: () => [...scheduleKeys.all, 'current-ws'] as const,
  weeks: () => [...scheduleKeys.all, 'week'] as const,
  week: (params: ScheduleParams) => [...scheduleKeys.weeks(), params] as const,
};
