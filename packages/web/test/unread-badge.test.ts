import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearUnreadBadge,
  showUnreadCount,
  shownUnreadCount,
  titleWithUnread,
} from '../src/lib/unread-count/unread-badge';

/** Lets the title's MutationObserver run (its records are delivered as a microtask). */
const observed = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The Badging API of an installed portal, recording what it was asked. */
function installBadging(refuse = false) {
  const setAppBadge = vi.fn((count?: number) =>
    refuse
      ? Promise.reject(new DOMException(`no badge ${count}`, 'NotAllowedError'))
      : Promise.resolve(),
  );
  const clearAppBadge = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'setAppBadge', { configurable: true, value: setAppBadge });
  Object.defineProperty(navigator, 'clearAppBadge', { configurable: true, value: clearAppBadge });
  return { setAppBadge, clearAppBadge };
}

afterEach(() => {
  clearUnreadBadge();
  Reflect.deleteProperty(navigator, 'setAppBadge');
  Reflect.deleteProperty(navigator, 'clearAppBadge');
});

describe('the title with the unread count', () => {
  it('puts the count first, replaces an earlier one, and is bare at zero', () => {
    expect(titleWithUnread('Чат · Портал', 3)).toBe('(3) Чат · Портал');
    expect(titleWithUnread('(3) Чат · Портал', 12)).toBe('(12) Чат · Портал');
    expect(titleWithUnread('(12) Чат · Портал', 0)).toBe('Чат · Портал');
    expect(titleWithUnread('Новости · Портал', 0)).toBe('Новости · Портал');
  });
});

describe('the unread count outside the chat', () => {
  beforeEach(() => {
    document.title = 'Новости · Портал';
  });

  it('prefixes the title, keeps the prefix on every title a screen sets, and drops it at zero', async () => {
    showUnreadCount(3);
    expect(document.title).toBe('(3) Новости · Портал');
    expect(shownUnreadCount()).toBe(3);

    // Another screen sets its own title: the count comes back before it.
    document.title = 'Расписание · Портал';
    await observed();
    expect(document.title).toBe('(3) Расписание · Портал');

    showUnreadCount(5);
    expect(document.title).toBe('(5) Расписание · Портал');

    showUnreadCount(0);
    expect(document.title).toBe('Расписание · Портал');
    document.title = 'Профиль · Портал';
    await observed();
    expect(document.title).toBe('Профиль · Портал');
  });

  it('shows the count on the app icon where the Badging API exists, and clears it at zero', () => {
    const badge = installBadging();
    showUnreadCount(4);
    expect(badge.setAppBadge).toHaveBeenLastCalledWith(4);
    // The same count again asks nothing.
    showUnreadCount(4);
    expect(badge.setAppBadge).toHaveBeenCalledTimes(1);
    showUnreadCount(0);
    expect(badge.clearAppBadge).toHaveBeenCalledTimes(1);
  });

  it('clears the title and the badge on sign-out', async () => {
    const badge = installBadging();
    showUnreadCount(7);
    clearUnreadBadge();
    expect(document.title).toBe('Новости · Портал');
    expect(shownUnreadCount()).toBe(0);
    expect(badge.clearAppBadge).toHaveBeenCalled();
    // The login page's title stays bare.
    document.title = 'Вход · Портал';
    await observed();
    expect(document.title).toBe('Вход · Портал');
  });

  it('works without the Badging API, and a refused badge (not installed) changes nothing', async () => {
    showUnreadCount(2);
    expect(document.title).toBe('(2) Новости · Портал');
    const badge = installBadging(true);
    showUnreadCount(6);
    expect(badge.setAppBadge).toHaveBeenCalledWith(6);
    // The refusal is handled (an unhandled rejection would fail the run).
    await observed();
    expect(document.title).toBe('(6) Новости · Портал');
  });
});
