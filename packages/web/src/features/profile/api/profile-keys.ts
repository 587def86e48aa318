import type { ProfileParams } from './get-profile';

/** Hierarchical query keys of the profile: everything under ['profile']. */
export const profileKeys = {
  all: ['profile'] as const,
  data: (params: ProfileParams) => [...profileKeys.all, 'data', params] as const,
};
