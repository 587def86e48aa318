/** Hierarchical query keys of the session: everything under ['session']. */
export const sessionKeys = {
  all: ['session'] as const,
  user: () => [...sessionKeys.all, 'user'] as const,
  config: () => [...sessionKeys.all, 'config'] as const,
  photo: (params: { uid: number; role: number } | null) =>
    [...sessionKeys.all, 'photo', params ?? {}] as const,
};
