import { useEffect } from 'react';
import { UNREAD_POLL_MS } from '../../../lib/unread-count/unread-count-keys';

/**
 * The unread listener (on by default): while the conversation is loaded and the tab is
 * visible, newer messages are asked for and appended; a hidden tab pauses it, and coming back
 * asks at once.
 */
export function useUnreadListener(enabled: boolean, loadNewer: () => Promise<number>): void {
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      clearTimeout(timer);
      if (stopped || document.visibilityState !== 'visible') return;
      try {
        await loadNewer();
      } catch {
        // A failed poll is tried again on the next tick; the messages shown stay.
      }
      if (!stopped) timer = setTimeout(() => void tick(), UNREAD_POLL_MS);
    };
    timer = setTimeout(() => void tick(), UNREAD_POLL_MS);
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void tick();
      else clearTimeout(timer);
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, loadNewer]);
}
