import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';

export type RegTeacher = components['schemas']['Teacher'];
export type RegStream = components['schemas']['RegSubgroup'];
export type RegTeachersRequest = components['schemas']['RegTeachersRequest'];
export type RegSubgroupsRequest = components['schemas']['RegSubgroupsRequest'];

/** Where a row's teachers and streams come from: a row of the list, or an optional discipline. */
export type ChoiceSource = 'row' | 'optional';

const TEACHERS = {
  row: '/api/regfordisciplines/getteachersforregel',
  optional: '/api/regfordisciplines/optional/teachers',
} as const;
const STREAMS = {
  row: '/api/regfordisciplines/getsubgroupsforregel',
  optional: '/api/regfordisciplines/optional/subgroups',
} as const;

/** The teachers of a discipline and kind of lesson; `null` while none is chosen. */
export function getRegTeachersQueryOptions(
  client: LmsClient,
  source: ChoiceSource,
  params: RegTeachersRequest | null,
) {
  if (source === 'optional') {
    return referenceQuery(
      TEACHERS.optional,
      params,
      (body) => client.post(TEACHERS.optional, { body }),
      [] as RegTeacher[],
    );
  }
  return referenceQuery(
    TEACHERS.row,
    params,
    (body) => client.post(TEACHERS.row, { body }),
    [] as RegTeacher[],
  );
}

export function useRegTeachers(source: ChoiceSource, params: RegTeachersRequest | null) {
  return useQuery(getRegTeachersQueryOptions(useApiClient(), source, params));
}

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
