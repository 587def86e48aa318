// What kind of exchange a recording holds, before any is judged: the portal's static files, calls
// that look like an API, the mock server's deliberate faults, and whose session it was (its token
// cookie, hashed at once: a report counts sessions, never shows them).
import { createHash } from 'node:crypto';
import { headerValue, type Exchange } from './har.js';

const STATIC_TYPES = new Set([
  'document',
  'stylesheet',
  'script',
  'image',
  'font',
  'media',
  'manifest',
  'texttrack',
  'websocket',
  'ping',
]);
const STATIC_PATH =
  /(\.(m?js|css|map|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|otf|eot|html?|webmanifest|txt|wasm|mp4|webm|mp3)$|\/$)/i;
const STATIC_MEDIA =
  /^(text\/(html|css|javascript)|application\/(javascript|wasm)|image\/|font\/)/i;

const mediaTypeOf = (exchange: Exchange) =>
  exchange.answerContentType?.split(';')[0]?.trim().toLowerCase() ?? '';

export function isStatic(exchange: Exchange): boolean {
  if (exchange.resourceType && STATIC_TYPES.has(exchange.resourceType)) return true;
  return STATIC_PATH.test(exchange.url.pathname) || STATIC_MEDIA.test(mediaTypeOf(exchange));
}

export const looksLikeApi = (exchange: Exchange) =>
  /\/api\//.test(exchange.url.pathname) ||
  exchange.resourceType === 'xhr' ||
  exchange.resourceType === 'fetch' ||
  /json/.test(mediaTypeOf(exchange));

/** Requests that ask the mock server to misbehave on purpose are not the server's answers. */
export const isMockFault = (exchange: Exchange) =>
  headerValue(exchange.requestHeaders, 'x-mock-scenario') !== undefined ||
  exchange.requestCookies.some((cookie) => cookie.name === 'mock_scenario');

export const sessionOf = (exchange: Exchange) => {
  const token = exchange.requestCookies.find((cookie) => cookie.name === 'token')?.value;
  return token ? createHash('sha256').update(token).digest('hex') : undefined;
};
