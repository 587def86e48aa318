/** Hierarchical keys of the password feature: everything under ['password']. */
export const passwordKeys = {
  all: ['password'] as const,
  change: () => [...passwordKeys.all, 'change'] as const,
};
