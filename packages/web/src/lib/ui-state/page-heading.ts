/**
 * Whether the element is on view as far as the page's styles go: not inside a `hidden` panel (a
 * phone shows one of the shell's panels at a time) nor inside content React hid behind a loading
 * screen (a section being replaced keeps its elements, hidden with `display: none`, until the next
 * one shows). A browser answers with checkVisibility(); elsewhere the ancestors are looked at.
 */
function isOnView(element: HTMLElement): boolean {
  if (typeof element.checkVisibility === 'function') return element.checkVisibility();
  for (let node: HTMLElement | null = element; node; node = node.parentElement) {
    if (node.hidden || node.style.display === 'none') return false;
  }
  return true;
}

/** The heading of the screen on view: its first <h1> on view. */
export function shownPageHeading(): HTMLElement | null {
  for (const heading of document.querySelectorAll<HTMLElement>('h1')) {
    if (isOnView(heading)) return heading;
  }
  return null;
}

/**
 * Moves the focus to the screen's heading, so a screen reader says where the person now is and
 * the next Tab goes on from the top of the screen. A heading is no control: it takes the focus
 * from a script only (tabIndex -1, set here should a screen's heading lack it). False when the
 * screen has no heading yet.
 */
export function focusPageHeading(): boolean {
  const heading = shownPageHeading();
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
  return document.activeElement === heading;
}
