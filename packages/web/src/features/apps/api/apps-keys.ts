/** Hierarchical query keys of the apps feature: everything under ['apps']. */
export const appsKeys = {
  all: ['apps'] as const,
  appLinks: () => [...appsKeys.all, 'dinurls'] as const,
};
