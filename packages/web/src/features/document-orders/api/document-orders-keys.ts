/** Query keys of the single window's own lists: everything under ['orders']. */
export const documentOrdersKeys = {
  all: ['orders'] as const,
  list: (uid: number) => [...documentOrdersKeys.all, 'list', uid] as const,
};
