import type { ScheduleParams } from './get-schedule';

/** Hierarchical query keys of the schedule screen: everything under ['schedule']. */
export const scheduleKeys = {
  all: ['schedule'] as const,
  weeks: () => [...scheduleKeys.all, 'week'] as const,
  week: (params: ScheduleParams | null) => [...scheduleKeys.weeks(), params ?? {}] as const,
};
