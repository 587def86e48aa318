import type { LmsClient } from '@lms/client';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/query/api-client';
import type { RollSource } from '../utils/roll-call';
import { journalKeys, type RollRequest } from './journal-keys';

export interface RollStudent extends RollSource {
  id_group?: number;
  subgroup?: number;
  timesCount?: number;
}

/**
 * The students to call for a date: with what is stored for it (getstudentslistsubgroupupdate)
 * when the journal has the date, else the group or stream (getstudentslist) or one subgroup
 * (getstudentslistsubgroup), everybody present to begin with.
 */
export function getRollQueryOptions(client: LmsClient, request: RollRequest | null) {
  return queryOptions({
    queryKey: journalKeys.roll(request ?? {}),
    queryFn: request
      ? async (): Promise<RollStudent[]> => {
          const { cls, visitDate, subgroup, stored } = request;
          if (stored) {
            const body = { ...cls, visitDate, subgroup };
            return (
              (await client.post('/api/visitlog/getstudentslistsubgroupupdate', { body })) ?? []
            );
          }
          if (subgroup > 0) {
            const body = { ...cls, visitDate, subgroup };
            return (await client.post('/api/visitlog/getstudentslistsubgroup', { body })) ?? [];
          }
          return (
            (await client.post('/api/visitlog/getstudentslist', {
              body: { ...cls, visitDate },
            })) ?? []
          );
        }
      : skipToken,
  });
}

export function useRoll(request: RollRequest | null) {
  return useQuery(getRollQueryOptions(useApiClient(), request));
}
