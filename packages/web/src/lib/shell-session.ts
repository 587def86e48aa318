import type { components } from '@lms/client';
import { useOutletContext } from 'react-router';

export type ShellUser = components['schemas']['User'] & { role: components['schemas']['Role'] };
/** The usable part of /config.json: a field that was missing or malformed is left out. */
export type PortalConfig = Partial<components['schemas']['Config']>;

/**
 * What the shell hands every content route through its `<Outlet context>`: the signed-in teacher
 * or student and the portal config (undefined until it arrives). Features do not import the
 * session feature; they read the session here.
 */
export interface ShellSession {
  user: ShellUser;
  config: PortalConfig | undefined;
}

export function useShellSession(): ShellSession {
  const session = useOutletContext<ShellSession | undefined>();
  if (!session) throw new Error('useShellSession needs a content route inside the shell');
  return session;
}
