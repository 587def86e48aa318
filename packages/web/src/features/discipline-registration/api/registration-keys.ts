/** Keys of what registrations change: the rows and the optional disciplines still to add. */
export const registrationKeys = {
  all: ['registration'] as const,
  list: (body: object) => [...registrationKeys.all, 'list', body] as const,
  lists: () => [...registrationKeys.all, 'list'] as const,
  optional: (body: object) => [...registrationKeys.all, 'optional', body] as const,
};
