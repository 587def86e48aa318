/** Selects the text of `element`, ready for Ctrl+C or the phone's copy menu. */
export function selectContents(element: HTMLElement): void {
  const selection = window.getSelection();
  if (!selection) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * Copies `text`: the async Clipboard API where the page may use it (https, permission given),
 * else the older copy command on the selected `element` (pages served over plain http).
 * Resolves to whether the text reached the clipboard.
 */
export async function copyText(text: string, element: HTMLElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, page not focused): try the copy command below.
  }
  if (!element || typeof document.execCommand !== 'function') return false;
  try {
    selectContents(element);
    return document.execCommand('copy');
  } catch {
    return false;
  }
}
