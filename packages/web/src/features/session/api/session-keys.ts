import type { PortalRole } from '../../../lib/session/roles';

/** The photo call carries the person's account id and role. */
export interface PhotoParams {
  uid: number;
  role: PortalRole;
}

/** Hierarchical query keys of the session: everything under ['session']. */
export const sessionKeys = {
  all: ['session'] as const,
  user: () => [...sessionKeys.all, 'user'] as const,
  config: () => [...sessionKeys.all, 'config'] as const,
  photo: (params: PhotoParams | null) => [...sessionKeys.all, 'photo', params ?? {}] as const,
  reconnect: () => [...sessionKeys.all, 'reconnect'] as const,
};
