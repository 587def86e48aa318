import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';
import type { ChoiceSource, RegSubgroupsRequest } from './discipline-registration-keys';

export type RegStream = components['schemas']['RegSubgroup'];

const STREAMS = {
  row: '/api/regfordisciplines/getsubgroupsforregel',
  optional: '/api/regfordisciplines/optional/subgroups',
} as const;

/** A teacher's streams for that discipline and kind of lesson; `null` while no teacher is known. */
export function getRegStreamsQueryOptions(
  client: LmsClient,
  source: ChoiceSource,
  params: RegSubgroupsRequest | null,
) {
  if (source === 'optional') {
    return referenceQuery(
      STREAMS.optional,
      params,
      (body) => client.post(STREAMS.optional, { body }),
      [] as RegStream[],
    );
  }
  return referenceQuery(
    STREAMS.row,
    params,
    (body) => client.post(STREAMS.row, { body }),
    [] as RegStream[],
  );
}

export function useRegStreams(source: ChoiceSource, params: RegSubgroupsRequest | null) {
  return useQuery(getRegStreamsQueryOptions(useApiClient(), source, params));
}
