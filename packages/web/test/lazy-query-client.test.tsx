import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyQueryClient } from '../src/lib/query/lazy-query-client';
import { createTestQueryClient, renderApp } from './support/render-app';
import { createMockBackend } from './support/mock-backend';

describe('TanStack Query loads with the shell, not with the login screen', () => {
  it('is left alone by the login screen; a sign-in loads it and hands the user to the shell', async () => {
    const backend = createMockBackend();
    const cache = createTestQueryClient();
    const load = vi.fn(() => Promise.resolve(cache));
    const queryClient = lazyQueryClient(load);
    await renderApp({ client: backend.client, queryClient, path: '/lms/login' });

    expect(await screen.findByText('Кыргызский национальный университет')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Логин'), 'teacher');
    await user.type(screen.getByLabelText('Пароль'), 'Teacher1');
    await user.click(screen.getByRole('button', { name: 'Войти' }));

    expect(await screen.findByText('Асанов Б.Э.')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.getQueryData(['session', 'user'])).toMatchObject({ role: 1 });
    // The shell takes the signed-in user from the cache instead of asking again.
    expect(backend.calls).not.toContain('/api/auth/enticate.json');
  });

  it('loads once, and again after a failed attempt', async () => {
    const cache = createTestQueryClient();
    const load = vi
      .fn<() => Promise<typeof cache>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(cache);
    const queryClient = lazyQueryClient(load);

    expect(queryClient.current).toBeUndefined();
    await expect(queryClient.load()).rejects.toThrow('offline');
    expect(queryClient.current).toBeUndefined();
    expect(await queryClient.load()).toBe(cache);
    expect(await queryClient.load()).toBe(cache);
    expect(queryClient.current).toBe(cache);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
