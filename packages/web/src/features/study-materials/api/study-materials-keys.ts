import type { components } from '@lms/client';
import { referenceKeys } from '../../../lib/reference-data/keys';

export type UmkDisciplinesRequest = components['schemas']['UmkDisciplinesRequest'];
export type UmkListRequest = components['schemas']['UmkListRequest'];
export type UmkStudentSemestersRequest = components['schemas']['UmkStudentSemestersRequest'];
export type UmkStudentDisciplinesRequest = components['schemas']['UmkStudentDisciplinesRequest'];
export type UmkExamTypesRequest = components['schemas']['UmkExamTypesRequest'];
export type UmkTeachersRequest = components['schemas']['UmkTeachersRequest'];
export type UmkStudentListRequest = components['schemas']['UmkStudentListRequest'];

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
