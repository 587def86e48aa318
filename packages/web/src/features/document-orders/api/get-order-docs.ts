import type { components } from '@lms/client';
import { referenceRead } from '../../../lib/reference-data/keys';
import type { PortalUser } from '../../../lib/session/roles';

export type OrderDoc = components['schemas']['SingleWindowDoc'];

/**
 * POST singlewindow/doc/list: the documents the user's role may order.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getDocsQueryOptions, useOrderDocs] = referenceRead(
  '/api/singlewindow/doc/list',
  [] as OrderDoc[],
  (user: Pick<PortalUser, 'uid' | 'role'>) => ({ uid: user.uid, role: user.role }),
);
