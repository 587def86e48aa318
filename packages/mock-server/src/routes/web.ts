// The built portal under /lms, with SPA fallback: a path without a file extension that matches no
// file gets index.html, so deep links like /lms/profile work. /lms/api/* is never a page.
import { readFile } from 'node:fs/promises';
import { serveStatic } from '@hono/node-server/serve-static';
import { createRouter } from '../http.js';

const isPage = (path: string) => !path.startsWith('/lms/api/') && !/\.[^/]+$/.test(path);

export function webRoutes(webRoot: string) {
  const files = serveStatic({ root: webRoot, rewriteRequestPath: (p) => p.replace(/^\/lms/, '') });
  const index = serveStatic({ root: webRoot, path: 'index.html' });
  return createRouter()
    .get('/', (c) => c.redirect('/lms/'))
    .get('/lms', (c) => c.redirect('/lms/'))
    .get('/lms/*', files, async (c, next) => {
      if (!isPage(c.req.path)) return next();
      c.header('Cache-Control', 'no-cache');
      return index(c, next);
    });
}

/** The API reference page built from the contract (one self-contained HTML file, no CDN). */
export const REFERENCE_PATH = '/docs/api';

export function referenceRoutes(page: string) {
  return createRouter().get(REFERENCE_PATH, async (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(await readFile(page, 'utf8'));
  });
}
