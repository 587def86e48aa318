import { fileKind } from './file-name';

/*
 * Opening a stored file in the browser's own viewer. The download endpoint answers with
 * `Content-Disposition: attachment`, so a plain link downloads; to read a PDF in a tab the portal
 * fetches the bytes and opens them as a PDF blob. The tab is opened at the click (so no pop-up
 * blocker stops it) and pointed at the file once it has arrived.
 */

/** Files the browser shows by itself: PDFs. Everything else is downloaded. */
export function opensInBrowser(name: string): boolean {
  return fileKind(name) === 'pdf';
}

/** The browser refused to open a tab (a pop-up blocker). */
export class PopupBlockedError extends Error {
  constructor() {
    super('The browser did not open a new tab');
    this.name = 'PopupBlockedError';
  }
}

/** How long the blob stays addressable: the viewer has read it long before. */
const REVOKE_AFTER_MS = 60_000;

/** Opens the file at `url` (same origin, the session's cookies) in a new tab as a PDF. */
export async function openPdfInNewTab(url: string): Promise<void> {
  // A new blank tab at the click; without noopener (the call would return null), so cut the link.
  const tab = window.open('', '_blank');
  if (!tab) throw new PopupBlockedError();
  tab.opener = null;
  try {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const bytes = await response.arrayBuffer();
    const objectUrl = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
    tab.location.href = objectUrl;
    window.setTimeout(() => URL.revokeObjectURL(objectUrl), REVOKE_AFTER_MS);
  } catch (error) {
    tab.close();
    throw error;
  }
}
