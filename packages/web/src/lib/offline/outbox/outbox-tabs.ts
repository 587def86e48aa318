/**
 * What an outbox needs of the browser to share its store with the same person's other tabs:
 * every tab shows what waits, but only one delivers an owner's writes at a time (a Web Lock per
 * store and owner, which the browser releases by itself when the tab closes or crashes), and the
 * tab that changed the store tells the others (a BroadcastChannel per store).
 */
export interface OutboxTabs {
  /** The browser's Web Locks; null where it has none. */
  locks: Pick<LockManager, 'request'> | null;
  /** Whether this tab is the one the person sees: without Web Locks, only that tab delivers. */
  inFront(): boolean;
}

export function browserTabs(): OutboxTabs {
  return {
    locks: (typeof navigator !== 'undefined' && navigator.locks) || null,
    inFront: () => typeof document === 'undefined' || document.visibilityState === 'visible',
  };
}

/** What a tab tells the others about a store it changed. */
export type OutboxNews =
  /** Entries were added, changed or removed: read the store again. */
  | { type: 'changed' }
  /**
   * The entry is stored on the server: show it as sent and read its screen again. `receipt` is
   * what the server answered, when the write was sent rather than found stored.
   */
  | { type: 'delivered'; id: string; receipt?: unknown }
  /** The owner signed out on purpose: drop every entry of theirs. */
  | { type: 'forgot'; owner: number };

const channelName = (store: string) => `${store}:news`;

/** The store's channel to the other tabs, or null where the browser has none. */
export function openOutboxChannel(store: string): BroadcastChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  try {
    return new BroadcastChannel(channelName(store));
  } catch {
    return null;
  }
}

/** Posts `news` on `channel`; news that cannot be copied goes without its receipt. */
export function postOutboxNews(channel: BroadcastChannel | null, news: OutboxNews): void {
  if (!channel) return;
  try {
    channel.postMessage(news);
  } catch {
    try {
      channel.postMessage(news.type === 'delivered' ? { type: news.type, id: news.id } : news);
    } catch {
      // A closed channel: the other tabs read the store when they next deliver.
    }
  }
}

/** Tells every tab (this one's outboxes too) the news about `store`, from outside an outbox. */
export function tellOutboxTabs(store: string, news: OutboxNews): void {
  const channel = openOutboxChannel(store);
  postOutboxNews(channel, news);
  channel?.close();
}

/** Whether `value` is news an outbox understands (anything else on the channel is ignored). */
export function isOutboxNews(value: unknown): value is OutboxNews {
  if (!value || typeof value !== 'object') return false;
  const news = value as Partial<Record<string, unknown>>;
  switch (news.type) {
    case 'changed':
      return true;
    case 'delivered':
      return typeof news.id === 'string';
    case 'forgot':
      return typeof news.owner === 'number';
    default:
      return false;
  }
}

/** The lock that lets one tab at a time deliver (and reconcile) one owner's writes of a store. */
export const deliveryLockName = (store: string, owner: number) => `${store}:deliver:${owner}`;
