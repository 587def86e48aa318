/** Query keys of the single window's own lists: everything under ['orders']. */
export const ordersKeys = {
  all: ['orders'] as const,
  list: (uid: number) => [...ordersKeys.all, 'list', uid] as const,
};
