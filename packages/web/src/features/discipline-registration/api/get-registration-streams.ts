import type { components } from '@lms/client';
import { referenceRead } from '../../../lib/reference-data/keys';
import type { ChoiceSource, RegistrationSubgroupsRequest } from './discipline-registration-keys';

export type RegistrationStream = components['schemas']['RegSubgroup'];

const STREAMS = {
  row: '/api/regfordisciplines/getsubgroupsforregel',
  optional: '/api/regfordisciplines/optional/subgroups',
} as const;

/**
 * A teacher's streams for that discipline and kind of lesson; `null` while no teacher is known.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getRegistrationStreamsQueryOptions, useRegistrationStreams] = referenceRead(
  (source: ChoiceSource) => STREAMS[source],
  [] as RegistrationStream[],
  (_source: ChoiceSource, params: RegistrationSubgroupsRequest | null) => params,
);
