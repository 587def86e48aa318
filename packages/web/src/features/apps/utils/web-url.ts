const WEB_PROTOCOLS = new Set(['http:', 'https:']);

/** Whether `value` is an absolute http or https address (links open in another tab). */
export function isWebUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    return WEB_PROTOCOLS.has(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * An icon's address, relative ones resolved against the page (a backend may serve icons itself);
 * undefined when there is none or it is not an http(s) address, so the default icon shows.
 */
export function iconSource(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, document.baseURI);
    return WEB_PROTOCOLS.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}
