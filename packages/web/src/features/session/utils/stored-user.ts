import { isPortalUser, type PortalUser, type User } from '../../../lib/session/roles';
import { readStorage, writeStorage } from '../../../lib/offline/storage';

/**
 * The signed-in user, kept with the session (local storage, cleared with it on logout): when the
 * server cannot be reached on a reload, the portal opens with it instead of the login page.
 */
export const STORED_USER_KEY = 'lms.sessionUser';

export function rememberUser(user: User | null): void {
  if (isPortalUser(user)) writeStorage(STORED_USER_KEY, JSON.stringify(user));
}

/** The user kept with the session: only a teacher or a student (whom the shell may open for). */
export function storedUser(): PortalUser | null {
  const raw = readStorage(STORED_USER_KEY);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as User | null;
    return isPortalUser(user) ? user : null;
  } catch {
    return null;
  }
}

export function forgetUser(): void {
  try {
    globalThis.localStorage?.removeItem(STORED_USER_KEY);
  } catch {
    // Storage is a convenience here.
  }
}
