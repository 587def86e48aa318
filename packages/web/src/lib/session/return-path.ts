/**
 * Where a session that ended under the person's hands (a 401 mid-write) sends them back after
 * they sign in again: the screen they were on, whose draft is kept on the device. Kept in this
 * tab's session storage, so a reload of the login page keeps it and another tab or a later visit
 * does not inherit it. It is that person's place: someone else signing in on the same tab starts on
 * the main screen (the address may name the first person's conversation or class).
 */
const KEY = 'lms-return-to';

/** Whose screen it was. */
export interface ReturnOwner {
  uid: number;
  role: number;
}

interface KeptReturn extends ReturnOwner {
  path: string;
}

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

function readKept(): KeptReturn | null {
  try {
    const raw = area()?.getItem(KEY);
    if (!raw) return null;
    const kept = JSON.parse(raw) as Partial<KeptReturn> | null;
    return typeof kept?.path === 'string' &&
      isReturnPath(kept.path) &&
      typeof kept.uid === 'number' &&
      typeof kept.role === 'number'
      ? (kept as KeptReturn)
      : null;
  } catch {
    return null;
  }
}

export function rememberReturn(path: string, owner: ReturnOwner): void {
  if (!isReturnPath(path)) return;
  try {
    const kept: KeptReturn = { path, uid: owner.uid, role: owner.role };
    area()?.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Without storage the person lands on the main screen; the draft is still kept.
  }
}

/** The screen a session that ended left, whoever signs in next (the login page says it ended). */
export function pendingReturn(): string | null {
  return readKept()?.path ?? null;
}

export function forgetReturn(): void {
  try {
    area()?.removeItem(KEY);
  } catch {
    // As above.
  }
}

/**
 * The screen to return to, once, when the person signing in is the one who was on it: the next
 * sign-in goes to the main screen again.
 */
export function takeReturn(user: ReturnOwner): string | null {
  const kept = readKept();
  forgetReturn();
  return kept && kept.uid === user.uid && kept.role === user.role ? kept.path : null;
}
