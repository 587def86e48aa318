import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';
import type { ChoiceSource, RegTeachersRequest } from './discipline-registration-keys';

export type RegTeacher = components['schemas']['Teacher'];

const TEACHERS = {
  row: '/api/regfordisciplines/getteachersforregel',
  optional: '/api/regfordisciplines/optional/teachers',
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
