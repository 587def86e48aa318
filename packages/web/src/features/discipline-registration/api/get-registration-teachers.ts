import type { components } from '@lms/client';
import { referenceRead } from '../../../lib/reference-data/keys';
import type { ChoiceSource, RegistrationTeachersRequest } from './discipline-registration-keys';

export type RegistrationTeacher = components['schemas']['Teacher'];

const TEACHERS = {
  row: '/api/regfordisciplines/getteachersforregel',
  optional: '/api/regfordisciplines/optional/teachers',
} as const;

/**
 * The teachers of a discipline and kind of lesson; `null` while none is chosen.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getRegistrationTeachersQueryOptions, useRegistrationTeachers] = referenceRead(
  (source: ChoiceSource) => TEACHERS[source],
  [] as RegistrationTeacher[],
  (_source: ChoiceSource, params: RegistrationTeachersRequest | null) => params,
);
