/**
 * The person's unread messages outside the chat: the page title starts with '(N) ' and, where the
 * browser has the Badging API (an installed portal), the app icon shows N. Zero shows nothing.
 * The shell's unread count (lib/unread-count/) publishes it; nothing here asks the server or
 * keeps a timer.
 */

/** The prefix this module puts before the title; any earlier count is replaced, never stacked. */
const PREFIX = /^\(\d+\) /u;

/** The count shown; null until the first is published (an installed app's badge outlives a visit). */
let shown: number | null = null;
let titleWatch: MutationObserver | null = null;

/** The title with the unread count before it ('(3) Чат · Портал'), or bare at zero. */
export function titleWithUnread(title: string, count: number): string {
  const bare = title.replace(PREFIX, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}

function applyTitle(): void {
  const next = titleWithUnread(document.title, shown ?? 0);
  // Idempotent: a title that already carries the count is left alone (no mutation, no loop).
  if (document.title !== next) document.title = next;
}

/**
 * Screens set their own titles as the person moves about; while a count is shown, every new title
 * gets the prefix too (a title is written by replacing the text of <title> in <head>).
 */
function watchTitle(on: boolean): void {
  if (on && !titleWatch && typeof MutationObserver !== 'undefined') {
    titleWatch = new MutationObserver(applyTitle);
    titleWatch.observe(document.head, { childList: true, subtree: true, characterData: true });
  } else if (!on && titleWatch) {
    titleWatch.disconnect();
    titleWatch = null;
  }
}

/** The app icon's badge where the browser offers it; a refusal (not installed) changes nothing. */
function setAppBadge(count: number): void {
  if (typeof navigator === 'undefined' || !('setAppBadge' in navigator)) return;
  const done = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge();
  done.catch(() => undefined);
}

/** Shows the person's total unread count in the title and on the app icon (0 clears both). */
export function showUnreadCount(count: number): void {
  const next = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  if (next === shown) return;
  shown = next;
  watchTitle(next > 0);
  applyTitle();
  setAppBadge(next);
}

/** The count shown now (0 when none). */
export function shownUnreadCount(): number {
  return shown ?? 0;
}

/**
 * Clears the title's count and the app icon's badge: at sign-out and whenever the session ends, so
 * the next person at this browser sees nothing of the last one's messages.
 */
export function clearUnreadBadge(): void {
  shown = 0;
  watchTitle(false);
  applyTitle();
  setAppBadge(0);
}
