import type { components } from '@lms/client';

export type RegistrationListRequest = components['schemas']['RegListRequest'];
export type OptionalDisciplinesRequest = components['schemas']['RegOptionalDisciplinesRequest'];
export type RegistrationSemestersRequest = components['schemas']['RegSemestersRequest'];
export type RegistrationTeachersRequest = components['schemas']['RegTeachersRequest'];
export type RegistrationSubgroupsRequest = components['schemas']['RegSubgroupsRequest'];

/** Where a row's teachers and streams come from: a row of the list, or an optional discipline. */
export type ChoiceSource = 'row' | 'optional';

/**
 * Keys of what registrations change: the rows and the optional disciplines still to add. The
 * periods, teachers and streams are reference data, cached per endpoint and body.
 */
export const disciplineRegistrationKeys = {
  all: ['registration'] as const,
  list: (body: object) => [...disciplineRegistrationKeys.all, 'list', body] as const,
  lists: () => [...disciplineRegistrationKeys.all, 'list'] as const,
  optionals: () => [...disciplineRegistrationKeys.all, 'optional'] as const,
  optional: (body: object) => [...disciplineRegistrationKeys.optionals(), body] as const,
};
