import type { components, LmsClient } from '@lms/client';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import { referenceQuery } from '../../../lib/reference-data/keys';
import type { PortalUser } from '../../../lib/roles';

export type OrderDoc = components['schemas']['SingleWindowDoc'];

const DOCS = '/api/singlewindow/doc/list';

/** POST singlewindow/doc/list: the documents the user's role may order. */
export function getDocsQueryOptions(client: LmsClient, user: Pick<PortalUser, 'uid' | 'role'>) {
  const body = { uid: user.uid, role: user.role };
  return referenceQuery(DOCS, body, (b) => client.post(DOCS, { body: b }), [] as OrderDoc[]);
}

export function useOrderDocs(user: Pick<PortalUser, 'uid' | 'role'>) {
  return useQuery(getDocsQueryOptions(useApiClient(), user));
}
