/**
 * Query keys of the materials lists, which change while the screen is open (saves, deletes):
 * everything under ['umk'], so a write refreshes them at once. The pickers' lists (semesters,
 * disciplines, forms of control, types) are reference data, cached per endpoint and body.
 */
export const umkKeys = {
  all: ['umk'] as const,
  list: (body: object) => [...umkKeys.all, 'list', body] as const,
  teachers: (body: object) => [...umkKeys.all, 'teachers', body] as const,
  studentList: (body: object) => [...umkKeys.all, 'student-list', body] as const,
};
