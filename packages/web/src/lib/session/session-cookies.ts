import { readCookie, TOKEN_COOKIE } from '@lms/client';

/** A `token` cookie means the server may still know this browser. */
export function hasTokenCookie(): boolean {
  return Boolean(readCookie(TOKEN_COOKIE));
}

export function readTokenCookie(): string | undefined {
  return readCookie(TOKEN_COOKIE) || undefined;
}

/** Drops a script-visible `token` cookie (the server clears its own on logout as well). */
export function clearTokenCookie(): void {
  if (typeof document === 'undefined') return;
  for (const path of ['/', '/lms', '/lms/']) {
    document.cookie = `${TOKEN_COOKIE}=; Max-Age=0; path=${path}`;
  }
}
