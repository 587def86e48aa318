// The headers a production server sends with every answer; a module of its own, so the bench's
// bare Hono anchor (bench/bare-server.ts) sends the same bytes without the rest of the server.
/**
 * Sent with every answer (serve.ts adds them to the API's too): no MIME sniffing, the referrer's
 * path never leaves the origin, and no camera, microphone or location for any page.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};
