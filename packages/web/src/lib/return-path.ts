/**
 * Where a session that ended under the person's hands (a 401 mid-write) sends them back after
 * they sign in again: the screen they were on, whose draft is kept on the device. Kept in this
 * tab's session storage, so a reload of the login page keeps it and another tab or a later visit
 * does not inherit it.
 */
const KEY = 'lms-return-to';

function area(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** Only a screen of the portal itself (never the login page, never another origin's address). */
function isReturnPath(path: string): boolean {
  return /^\/lms(?:[/?#]|$)/.test(path) && !path.startsWith('/lms/login') && !path.includes('//');
}

export function rememberReturn(path: string): void {
  if (!isReturnPath(path)) return;
  try {
    area()?.setItem(KEY, path);
  } catch {
    // Without storage the person lands on the main screen; the draft is still kept.
  }
}

export function pendingReturn(): string | null {
  try {
    const path = area()?.getItem(KEY) ?? null;
    return path !== null && isReturnPath(path) ? path : null;
  } catch {
    return null;
  }
}

export function forgetReturn(): void {
  try {
    area()?.removeItem(KEY);
  } catch {
    // As above.
  }
}

/** The screen to return to, once: the next sign-in goes to the main screen again. */
export function takeReturn(): string | null {
  const path = pendingReturn();
  forgetReturn();
  return path;
}
