import type { components } from '@lms/client';
import { useOutletContext } from 'react-router';
import type { AcademicContext } from '../academic-context/use-academic-context';
import type { PortalUser } from './roles';

export type ShellUser = PortalUser;
/** The usable part of /config.json: a field that was missing or malformed is left out. */
export type PortalConfig = Partial<components['schemas']['Config']>;

/**
 * What the shell hands every content route through its `<Outlet context>`: the signed-in teacher
 * or student, the portal config (undefined until it arrives) and the academic context (year, ws,
 * discipline, semester, group). Features do not import the session feature; they read these here.
 */
export interface ShellSession {
  user: ShellUser;
  config: PortalConfig | undefined;
  academic: AcademicContext;
}

export function useShellSession(): ShellSession {
  const session = useOutletContext<ShellSession | undefined>();
  if (!session) throw new Error('useShellSession needs a content route inside the shell');
  return session;
}
