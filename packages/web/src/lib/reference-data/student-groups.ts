import type { components } from '@lms/client';
import { referenceRead } from './keys';

export type Group = components['schemas']['Group'];
export type StudentGroupsParams = components['schemas']['MiscGroupsRequest'];

/**
 * POST /api/misc/getgroups: a student's groups in one academic year (empty if none). Asked
 * once the default year arrives; a year picker asks again for another year.
 */
export const [getStudentGroupsQueryOptions, useStudentGroups] = referenceRead(
  '/api/misc/getgroups',
  [] as Group[],
  (params: StudentGroupsParams | null) => params,
);
