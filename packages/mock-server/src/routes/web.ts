// The built portal under /lms, served as a production web server would (and deploy/nginx does,
// by the same rules): the build's precompressed .br/.gz copies with Content-Encoding and Vary,
// hashed assets cached for a year as immutable, everything else (index.html, the service worker,
// the manifest) never cached, /lms answered without a redirect, and SPA fallback: a path without
// a file extension that matches no file gets index.html, so deep links like /lms/profile work.
// /lms/api/* is never a page. The service worker (/lms/sw.js) may control `/` as well
// (Service-Worker-Allowed), so `/` offline leads to /lms/offline. What the build keeps for itself
// (source maps, everything under a dot folder such as .vite/) is never served. Every answer
// carries the security headers, and the portal's files the build's Content-Security-Policy.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { createRouter } from '../http.js';
import { SECURITY_HEADERS } from '../security-headers.js';

const isPage = (path: string) => !path.startsWith('/lms/api/') && !/\.[^/]+$/.test(path);

/** Source maps and dot folders (.vite/: the build manifest and policy) stay on the server. */
const isPrivate = (path: string) => /\.map$/i.test(path) || /\/\./.test(path);

/** Vite names what it emits under assets/ by content hash: such a file never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The portal's service worker, registered with scope `/` (packages/web/vite.config.ts). */
const SERVICE_WORKER_PATH = '/lms/sw.js';

/** Where the portal's build writes its Content-Security-Policy (packages/web/vite.config.ts). */
const CSP_FILE = join('.vite', 'csp.json');

/** The build's policy, or undefined for a build that wrote none (then no policy is sent). */
function readContentSecurityPolicy(webRoot: string): string | undefined {
  try {
    const { policy } = JSON.parse(readFileSync(join(webRoot, CSP_FILE), 'utf8')) as {
      policy?: unknown;
    };
    return typeof policy === 'string' && policy !== '' ? policy : undefined;
  } catch {
    return undefined;
  }
}

const cachePolicy = (_path: string, c: Context) => {
  c.header('Cache-Control', c.req.path.startsWith('/lms/assets/') ? IMMUTABLE : 'no-cache');
  if (c.req.path === SERVICE_WORKER_PATH) c.header('Service-Worker-Allowed', '/');
};

/** The security headers, and the policy, on whatever the portal's routes answer (404s too). */
function securityHeaders(policy: string | undefined): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.path.startsWith('/lms/api/')) return;
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(name, value);
    if (policy) c.res.headers.set('Content-Security-Policy', policy);
  };
}

export function webRoutes(webRoot: string) {
  const files = serveStatic({
    root: webRoot,
    rewriteRequestPath: (p) => p.replace(/^\/lms/, ''),
    precompressed: true,
    onFound: cachePolicy,
  });
  const index = serveStatic({
    root: webRoot,
    path: 'index.html',
    precompressed: true,
    onFound: (_path, c) => void c.header('Cache-Control', 'no-cache'),
  });
  // Read once: `pnpm start` builds the portal before the server starts.
  const headers = securityHeaders(readContentSecurityPolicy(webRoot));
  return createRouter()
    .get('/', (c) => c.redirect('/lms/'))
    .use('/lms', headers)
    .use('/lms/*', headers)
    .get('/lms', (c, next) => index(c, next))
    .get('/lms/*', async (c, next) => (isPrivate(c.req.path) ? c.notFound() : next()), files)
    .get('/lms/*', async (c, next) => {
      if (!isPage(c.req.path)) return next();
      return index(c, next);
    });
}

/** The API reference page built from the contract (one self-contained HTML file, no CDN). */
export const REFERENCE_PATH = '/docs/api';

export function referenceRoutes(page: string) {
  // 2.7 MB, read once (pnpm start builds it before the server starts)
  let html: Promise<string> | undefined;
  return createRouter().get(REFERENCE_PATH, async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(await (html ??= readFile(page, 'utf8')));
  });
}
