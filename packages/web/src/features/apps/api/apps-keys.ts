/** Hierarchical query keys of the apps feature: everything under ['apps']. */
export const appsKeys = {
  all: ['apps'] as const,
  dinUrls: () => [...appsKeys.all, 'dinurls'] as const,
};
