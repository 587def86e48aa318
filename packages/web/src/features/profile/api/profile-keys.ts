import type { components } from '@lms/client';

/** The profile call carries the person's account id and role. */
export interface ProfileParams {
  uid: number;
  role: components['schemas']['Role'];
}

/** Hierarchical query keys of the profile: everything under ['profile']. */
export const profileKeys = {
  all: ['profile'] as const,
  data: (params: ProfileParams) => [...profileKeys.all, 'data', params] as const,
};
