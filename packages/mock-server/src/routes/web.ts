// The built portal under /lms, served as a production web server would (and the README's nginx
// example does): the build's precompressed .br/.gz copies with Content-Encoding and Vary, hashed
// assets cached for a year as immutable, index.html never cached, /lms answered without a
// redirect, and SPA fallback: a path without a file extension that matches no file gets
// index.html, so deep links like /lms/profile work. /lms/api/* is never a page. The service worker
// (/lms/sw.js) may control `/` as well (Service-Worker-Allowed), so `/` offline leads to /lms/offline.
import { readFile } from 'node:fs/promises';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context } from 'hono';
import { createRouter } from '../http.js';

const isPage = (path: string) => !path.startsWith('/lms/api/') && !/\.[^/]+$/.test(path);

/** Vite names what it emits under assets/ by content hash: such a file never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The portal's service worker, registered with scope `/` (packages/web/vite.config.ts). */
export const SERVICE_WORKER_PATH = '/lms/sw.js';

const cachePolicy = (_path: string, c: Context) => {
  c.header('Cache-Control', c.req.path.startsWith('/lms/assets/') ? IMMUTABLE : 'no-cache');
  if (c.req.path === SERVICE_WORKER_PATH) c.header('Service-Worker-Allowed', '/');
};

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
  return createRouter()
    .get('/', (c) => c.redirect('/lms/'))
    .get('/lms', (c, next) => index(c, next))
    .get('/lms/*', files, async (c, next) => {
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
