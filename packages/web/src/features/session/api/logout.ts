import type { LmsClient } from '@lms/client';

/** POST /api/auth/logout.json (the shell's hook, clearing local state too, is use-logout.ts). */
export async function logout(client: LmsClient): Promise<void> {
  await client.post('/api/auth/logout.json', { body: { logout: true } });
}
