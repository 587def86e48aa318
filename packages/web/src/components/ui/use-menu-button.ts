import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from 'react';

/** The menu's items, in the order the arrows go through them. */
const ITEMS = '[role="menuitem"], [role="menuitemcheckbox"], [role="menuitemradio"]';

/** Which item takes the focus when the menu opens. */
type Landing = 'first' | 'last';

export interface MenuButton {
  open: boolean;
  /** Spread on the button that opens the menu. */
  triggerProps: {
    ref: RefObject<HTMLButtonElement | null>;
    id: string;
    'aria-haspopup': 'menu';
    'aria-expanded': boolean;
    'aria-controls': string;
    onClick: () => void;
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  };
  /** Spread on the element with role="menu" that holds the items. */
  menuProps: {
    ref: RefObject<HTMLDivElement | null>;
    id: string;
    role: 'menu';
    'aria-labelledby': string;
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  };
  /** Spread on the element around the button and its popup: a press outside it closes the menu. */
  rootProps: { ref: RefObject<HTMLDivElement | null> };
  /**
   * Closes the menu; with `returnFocus`, the focus goes back to the button (an action that stays
   * on the page), without it it stays where the action takes it (a link to another screen).
   */
  close: Close;
}

type Close = (options?: { returnFocus?: boolean }) => void;

/** Moves the focus to the item at `index`, counted round the list (-1: the last). */
function focusItem(list: readonly HTMLElement[], index: number) {
  if (list.length === 0) return;
  list[(index + list.length) % list.length]?.focus();
}

/**
 * A key pressed in the open menu: the arrows, Home and End move the focus through `list`, Escape
 * and Tab close the menu, Enter sets a checkbox or radio item and closes it, Space follows a link.
 */
function menuKeyDown(
  event: KeyboardEvent<HTMLElement>,
  list: readonly HTMLElement[],
  close: Close,
) {
  const current = list.indexOf(document.activeElement as HTMLElement);
  const item = event.target as HTMLElement;
  switch (event.key) {
    case 'ArrowDown':
      event.preventDefault();
      focusItem(list, current + 1);
      break;
    case 'ArrowUp':
      event.preventDefault();
      focusItem(list, current < 0 ? -1 : current - 1);
      break;
    case 'Home':
      event.preventDefault();
      focusItem(list, 0);
      break;
    case 'End':
      event.preventDefault();
      focusItem(list, -1);
      break;
    case 'Escape':
      event.preventDefault();
      close({ returnFocus: true });
      break;
    case 'Tab':
      // From the button, the browser's own Tab goes on to the next (or previous) element.
      close({ returnFocus: true });
      break;
    case 'Enter': {
      const role = item.getAttribute('role');
      if (role === 'menuitemcheckbox' || role === 'menuitemradio') {
        event.preventDefault();
        item.click();
        close({ returnFocus: true });
      }
      break;
    }
    case ' ':
      if (item instanceof HTMLAnchorElement) {
        event.preventDefault();
        item.click();
      }
      break;
  }
}

/**
 * While the menu is open, a press outside `root` closes it, and so does Escape with the focus on
 * the button itself (the menu opened by a click elsewhere in it).
 */
function useCloseOnPressOutside(
  open: boolean,
  rootRef: RefObject<HTMLElement | null>,
  triggerRef: RefObject<HTMLElement | null>,
  close: Close,
) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && document.activeElement === triggerRef.current) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, rootRef, triggerRef, close]);
}

/**
 * A menu button as the WAI-ARIA Authoring Practices describe it. On the button, Enter, Space and
 * ArrowDown open the menu on its first item, ArrowUp on its last (a click opens it on the first).
 * In the menu, ArrowDown and ArrowUp move through the items (round from the last to the first),
 * Home and End jump to the first and the last, Escape closes it and gives the focus back to the
 * button, and Tab and Shift+Tab close it and go on from the button, to the next or the previous
 * element of the page. Enter on a checkbox or radio item sets it and closes the menu; Space sets
 * it and leaves the menu open; Space on a link follows it as Enter does. A press outside closes
 * the menu. Only the focused item is reached by the arrows: items are out of the Tab order.
 */
export function useMenuButton(): MenuButton {
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const landing = useRef<Landing | null>(null);
  const triggerId = useId();
  const menuId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);

  const openOn = (where: Landing) => {
    landing.current = where;
    setOpen(true);
  };

  const close = useCallback(({ returnFocus = false }: { returnFocus?: boolean } = {}) => {
    setOpen(false);
    if (returnFocus) triggerRef.current?.focus();
  }, []);

  // The popup shows before the item takes the focus (a hidden item cannot have it).
  useLayoutEffect(() => {
    if (!open || !landing.current) return;
    const where = landing.current;
    landing.current = null;
    const list = items();
    (where === 'first' ? list[0] : list.at(-1))?.focus();
  }, [open]);

  useCloseOnPressOutside(open, rootRef, triggerRef, close);

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter and Space reach the button as a click.
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openOn(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLElement>) => menuKeyDown(event, items(), close);

  return {
    open,
    triggerProps: {
      ref: triggerRef,
      id: triggerId,
      'aria-haspopup': 'menu',
      'aria-expanded': open,
      'aria-controls': menuId,
      onClick: () => (open ? close() : openOn('first')),
      onKeyDown: onTriggerKeyDown,
    },
    menuProps: {
      ref: menuRef,
      id: menuId,
      role: 'menu',
      'aria-labelledby': triggerId,
      onKeyDown: onMenuKeyDown,
    },
    rootProps: { ref: rootRef },
    close,
  };
}
