/** A piece of a message's plain text: words, or a web link found in them. */
export type TextPart =
  { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Only http(s) links become anchors, so no `javascript:` or `data:` URL is ever clickable.
const LINK = /\bhttps?:\/\/[^\s<>"']+/giu;
// Punctuation that ends a sentence is not part of the link it follows.
const TRAILING = /[.,;:!?)\]»]+$/u;

/**
 * Splits a message into text and links. Messages render as text (React escapes it), never as
 * HTML; a link is an anchor whose href is the address as written.
 */
export function splitLinks(message: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of message.matchAll(LINK)) {
    const start = match.index ?? 0;
    const raw = match[0];
    const href = raw.replace(TRAILING, '');
    if (start > at) parts.push({ kind: 'text', text: message.slice(at, start) });
    parts.push({ kind: 'link', text: href, href });
    at = start + href.length;
  }
  if (at < message.length) parts.push({ kind: 'text', text: message.slice(at) });
  return parts;
}

const PHOTO_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'bmp']);

/** Photos show as thumbnails; every other file as a download link with its type icon. */
export function isPhoto(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && PHOTO_EXTENSIONS.has(fileName.slice(dot + 1).toLowerCase());
}
