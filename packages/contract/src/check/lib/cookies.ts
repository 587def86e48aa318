// A Set-Cookie line read the way a browser reads it: the name, the attributes (names in any case),
// and how long the cookie lives. Max-Age wins over Expires, as in browsers; an Expires date counts
// from the answer's own Date, so a server's clock is compared with itself, not with the checker's.

/** One Set-Cookie line as the server sent it, with the Date of the answer that carried it. */
export interface SetCookie {
  line: string;
  /** The answer's Date header (ms since epoch), or the checker's clock when it had none. */
  answeredAt: number;
}

export interface ParsedCookie {
  name: string;
  /** Attribute names in lower case → their value ('' for flags such as Secure). */
  attributes: Map<string, string>;
}

export function parseCookie(line: string): ParsedCookie {
  const [pair, ...parts] = line.split(';').map((part) => part.trim());
  const attributes = new Map<string, string>();
  for (const part of parts) {
    if (!part) continue;
    const at = part.indexOf('=');
    const key = (at < 0 ? part : part.slice(0, at)).trim().toLowerCase();
    attributes.set(key, at < 0 ? '' : part.slice(at + 1).trim());
  }
  return { name: pair?.split('=')[0]?.trim() ?? '', attributes };
}

/** The SameSite value as sent ('' when the cookie names none). */
export const sameSiteOf = (cookie: ParsedCookie) => cookie.attributes.get('samesite') ?? '';

/**
 * Seconds the cookie lives: its Max-Age when that is a number, else its Expires less the answer's
 * Date; undefined for a cookie that ends with the browser session (neither is usable).
 */
export function lifetimeSeconds(cookie: ParsedCookie, answeredAt: number): number | undefined {
  const maxAge = cookie.attributes.get('max-age');
  if (maxAge !== undefined && /^-?\d+$/.test(maxAge)) return Number(maxAge);
  const expires = cookie.attributes.get('expires');
  const at = expires === undefined ? NaN : Date.parse(expires);
  return Number.isNaN(at) ? undefined : Math.round((at - answeredAt) / 1000);
}

/** The lifetime as the server wrote it, for the reports: 'Max-Age=86400'. */
export function lifetimeText(cookie: ParsedCookie): string | undefined {
  const maxAge = cookie.attributes.get('max-age');
  if (maxAge !== undefined) return `Max-Age=${maxAge}`;
  const expires = cookie.attributes.get('expires');
  return expires === undefined ? undefined : `Expires=${expires}`;
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** '36 hours', '3 days', '10 years': a lifetime in words. */
export function durationText(seconds: number): string {
  const hours = seconds / 3600;
  if (hours >= 24 * 365) return plural(Math.round(hours / (24 * 365)), 'year');
  if (hours >= 48) return plural(Math.round(hours / 24), 'day');
  if (hours >= 1) return plural(Math.round(hours), 'hour');
  return `${seconds} s`;
}
