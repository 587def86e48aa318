import type { components, LmsClient } from '@lms/client';

export type LogoInfo = components['schemas']['LogoInfo'];

/** The logo defaults to 30 % width and the name to 16 px. */
export const LOGO_DEFAULTS = { width: 30, fontsize: 16 } as const;

/**
 * GET /api/logo.json, for the login screen only: its route starts the request and the page shows
 * the answer when it comes (no query cache on /lms/login). A failure leaves the defaults.
 */
export async function getLogo(client: LmsClient): Promise<LogoInfo | undefined> {
  try {
    return await client.get('/api/logo.json');
  } catch {
    return undefined;
  }
}
