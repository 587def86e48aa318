import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusPageHeading } from '../lib/ui-state/page-heading';

/**
 * After signing in and after each change of screen the person makes, the focus goes to the new
 * screen's heading (its h1, which a screen reader then says), as soon as it shows: a section's
 * chunk or the session check may come first. A screen is the address's path and hash (a phone's
 * '#messages'); a choice kept in its search (a discipline, a contact) changes no screen.
 *
 * The first screen of a visit (a deep link, a reload) keeps the browser's own start at the top of
 * the page, and so do the redirects made before the person has pressed a key or the pointer ('/'
 * to '/lms', a deep link without a session to the login page): nothing was asked of the page yet.
 * A heading still awaited when the person presses a key or the pointer is no longer awaited: the
 * focus is theirs.
 */
export function useFocusHeadingOnNavigation(): void {
  const { pathname, hash } = useLocation();
  const screen = `${pathname}${hash}`;
  const shown = useRef(screen);
  const acted = useRef(false);
  const awaited = useRef(false);

  useEffect(() => {
    const onInput = () => {
      acted.current = true;
    };
    document.addEventListener('keydown', onInput, true);
    document.addEventListener('pointerdown', onInput, true);
    return () => {
      document.removeEventListener('keydown', onInput, true);
      document.removeEventListener('pointerdown', onInput, true);
    };
  }, []);

  useEffect(() => {
    if (shown.current !== screen) {
      shown.current = screen;
      awaited.current = acted.current;
    }
    if (!awaited.current) return;
    if (focusPageHeading()) {
      awaited.current = false;
      return;
    }
    const observer = new MutationObserver(() => {
      if (!focusPageHeading()) return;
      awaited.current = false;
      stop();
    });
    const giveUp = () => {
      awaited.current = false;
      stop();
    };
    function stop() {
      observer.disconnect();
      document.removeEventListener('keydown', giveUp, true);
      document.removeEventListener('pointerdown', giveUp, true);
    }
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['hidden', 'style'],
    });
    document.addEventListener('keydown', giveUp, true);
    document.addEventListener('pointerdown', giveUp, true);
    return stop;
  }, [screen]);
}
