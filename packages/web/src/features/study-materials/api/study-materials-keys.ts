import type { components } from '@lms/client';
import { referenceKeys } from '../../../lib/reference-data/keys';

export type MaterialDisciplinesRequest = components['schemas']['UmkDisciplinesRequest'];
export type MaterialListRequest = components['schemas']['UmkListRequest'];
export type MaterialStudentSemestersRequest = components['schemas']['UmkStudentSemestersRequest'];
export type MaterialStudentDisciplinesRequest =
  components['schemas']['UmkStudentDisciplinesRequest'];
export type MaterialExamTypesRequest = components['schemas']['UmkExamTypesRequest'];
export type MaterialTeachersRequest = components['schemas']['UmkTeachersRequest'];
export type MaterialStudentListRequest = components['schemas']['UmkStudentListRequest'];

/**
 * Query keys of the materials lists, which change while the screen is open (saves, deletes):
 * everything under ['umk'], so a write refreshes them at once. The pickers' lists (semesters,
 * disciplines, forms of control, types) are reference data, cached per endpoint and body.
 */
export const studyMaterialsKeys = {
  all: ['umk'] as const,
  lists: () => [...studyMaterialsKeys.all, 'list'] as const,
  list: (body: object) => [...studyMaterialsKeys.lists(), body] as const,
  teachers: (body: object) => [...studyMaterialsKeys.all, 'teachers', body] as const,
  studentList: (body: object) => [...studyMaterialsKeys.all, 'student-list', body] as const,
  /** The e-library's book lists, which hold the materials shared with it (isForEBooks). */
  libraryBookLists: referenceKeys.bookLists,
};
