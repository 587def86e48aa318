import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { atomicOutDir } from './scripts/atomic-out-dir.ts';
import {
  bootScreenFiles,
  bootScreenTexts,
  SHELL_CHUNK,
  SHELL_CHUNK_MODULE,
} from './scripts/boot-screen.ts';

/** Where `pnpm dev` sends API calls: the mock server by default, a real backend when set. */
const apiTarget = process.env.LMS_API_TARGET ?? 'http://127.0.0.1:8080';

/** The portal's fallback name, from the Russian resources (the default language). */
function readPortalName(): string {
  const commonJson = fileURLToPath(new URL('../i18n/src/locales/ru/common.json', import.meta.url));
  return (JSON.parse(readFileSync(commonJson, 'utf8')) as { portalName: string }).portalName;
}

/**
 * index.html's <title> is the portal's fallback name, so the tab has a proper name before the app
 * (and /config.json's `name`) takes over.
 */
function portalTitle(portalName: string): Plugin {
  return {
    name: 'lms-portal-title',
    transformIndexHtml: (html) => html.replaceAll('%PORTAL_NAME%', portalName),
  };
}

/**
 * The service worker lives at /lms/sw.js but controls `/` too: `/` leads to /lms/offline without a
 * network (docs/product/screens.md#screens-and-routes).
 */
export const SERVICE_WORKER_SCOPE = '/';

/** `vite preview` lets the worker control `/`, as `pnpm start` and deploy/nginx do. */
function serviceWorkerScopeHeader(): Plugin {
  return {
    name: 'lms-service-worker-scope',
    configurePreviewServer: (server) =>
      void server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] === '/lms/sw.js') {
          res.setHeader('Service-Worker-Allowed', SERVICE_WORKER_SCOPE);
        }
        next();
      }),
  };
}

/**
 * Installable and offline (vite-plugin-pwa, Workbox's generateSW): the manifest, and a service
 * worker that precaches the app shell and every route chunk, answers the portal's pages (and `/`)
 * with the precached index.html, and waits for the user to accept a new version (registerType
 * 'prompt', see lib/ui-state/app-update.ts), so a page never mixes two builds. Everything else (the API,
 * /config.json, downloads, the reference page) is not touched: no handler, so the browser sends it
 * as it is. Libraries loaded only on request (the XLSX writer) are cached when first used.
 */
function installableApp(portalName: string) {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    scope: SERVICE_WORKER_SCOPE,
    manifest: {
      id: '/lms/',
      name: portalName,
      short_name: portalName,
      description: portalName,
      lang: 'ru',
      start_url: '/lms/',
      scope: '/lms/',
      display: 'standalone',
      // The theme colour is light blue on the shell (where an installed portal opens); the dark
      // background is the default theme's.
      theme_color: '#4fc3f7',
      background_color: '#0e141b',
      icons: [
        { src: 'pwa-64x64.png', sizes: '64x64', type: 'image/png' },
        { src: 'pwa-192x192.png', sizes: '192x192', type: 'image/png' },
        { src: 'pwa-512x512.png', sizes: '512x512', type: 'image/png' },
        {
          src: 'maskable-icon-512x512.png',
          sizes: '512x512',
          type: 'image/png',
          purpose: 'maskable',
        },
      ],
    },
    includeAssets: [
      'favicon.svg',
      'favicon.ico',
      'apple-touch-icon-180x180.png',
      'logo-fallback.svg',
    ],
    workbox: {
      // The worker names no source map (the servers answer 404 for *.map).
      sourcemap: false,
      globPatterns: ['**/*.{js,css,html,svg,png,ico}'],
      // Loaded only when a user exports a journal: cached on first use (below), not on install.
      globIgnores: ['**/xlsx-writer-*.js'],
      navigateFallback: 'index.html',
      navigateFallbackAllowlist: [/^\/$/, /^\/lms(\/|$)/],
      navigateFallbackDenylist: [/^\/lms\/api\//],
      cleanupOutdatedCaches: true,
      // The first install controls the page it came with (same build); later versions wait.
      clientsClaim: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) =>
            sameOrigin && url.pathname.startsWith('/lms/assets/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'lms-on-demand',
            expiration: { maxEntries: 20, purgeOnQuotaError: true },
          },
        },
      ],
    },
  });
}

/**
 * `/lms` (no slash) is a route of the portal, but Vite's dev and preview servers only serve the
 * app under `/lms/`; hand them the same page.
 */
function bareBaseRoute(): Plugin {
  const rewrite = (req: { url?: string }, _res: unknown, next: () => void) => {
    if (req.url && /^\/lms(?=$|[?#])/.test(req.url)) req.url = `/lms/${req.url.slice(4)}`;
    next();
  };
  return {
    name: 'lms-bare-base-route',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/**
 * What the production bundle resolves differently (the size budget of /lms/login):
 * - react-router's package exports always point at its development build, whose dev warnings
 *   then ship (remix-run/react-router#12532, #14102); its production build sits beside it.
 * - @preact/signals-react imports use-sync-external-store's shim, dead weight on React 19, which
 *   has the hook built in.
 */
function productionAliases() {
  const reactRouter = createRequire(import.meta.url).resolve('react-router');
  const production = reactRouter.replace(/development([\\/]index)\.m?js$/, 'production$1.mjs');
  if (production === reactRouter) throw new Error(`react-router's layout changed: ${reactRouter}`);
  return [
    { find: /^react-router$/, replacement: production },
    {
      find: /^use-sync-external-store\/shim(\/index\.js)?$/,
      replacement: fileURLToPath(
        new URL('./src/lib/ui-state/use-sync-external-store.ts', import.meta.url),
      ),
    },
  ];
}

/** The chunks compiled eagerly (see `postBanner` below): vite.config.ts's groups and the news screen. */
const EAGER_CHUNKS = new Set(['framework', 'app', SHELL_CHUNK, 'news-route']);

/** The Content-Security-Policy's hash of one inline script or style, as the browser computes it. */
export const inlineHash = (source: string) =>
  `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;

/** What a policy allows inline: index.html's boot script and boot screen styles, by hash. */
export interface InlineHashes {
  scripts: readonly string[];
  styles: readonly string[];
}

/**
 * The portal's Content-Security-Policy: its own origin only, inline scripts and styles by hash
 * (index.html's boot script and its boot screen's styles; React's style props set the CSSOM,
 * which a policy allows; a style attribute in the HTML would not be), images also from data: (the
 * profile photo) and blob: URLs, no plugins, no <base>, forms posting to the portal only, and no
 * page may frame it. An API on another origin (VITE_API_BASE_URL) is added to connect-src.
 */
export function contentSecurityPolicy(hashes: InlineHashes, apiOrigin?: string): string {
  const allowed = (list: readonly string[]) => list.map((hash) => ` '${hash}'`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${allowed(hashes.scripts)}`,
    `style-src 'self'${allowed(hashes.styles)}`,
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ['connect-src', "'self'", ...(apiOrigin ? [apiOrigin] : [])].join(' '),
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Where the build leaves the policy for the servers: beside Vite's manifest, never served. */
export const CSP_FILE = '.vite/csp.json';

/** The text of every element `tag` in `html` that has no `src` (inline ones). */
const inlineElements = (html: string, tag: 'script' | 'style') =>
  [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'gi'))]
    .filter(([, attrs = '']) => !/\ssrc\s*=/i.test(attrs))
    .map(([, , source = '']) => source);

/**
 * Writes the policy of this build to dist/.vite/csp.json (`{ policy, scriptHashes, styleHashes }`):
 * `pnpm start` sends it as it is, and the nginx recipe's copy (deploy/nginx/lms/csp.conf) is
 * tested against it. The build fails when index.html holds what the policy would block: a style
 * attribute or an event handler.
 */
function contentSecurityPolicyFile(apiOrigin: string | undefined): Plugin {
  return {
    name: 'lms-content-security-policy',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') throw new Error('the build has no index.html');
        const html = String(index.source);
        const blocked = html.match(/<[a-z][^>]*\s(?:style|on[a-z]+)\s*=/i);
        if (blocked) {
          throw new Error(
            `index.html has ${blocked[0]}…, which the Content-Security-Policy blocks`,
          );
        }
        const scriptHashes = inlineElements(html, 'script').map(inlineHash);
        const styleHashes = inlineElements(html, 'style').map(inlineHash);
        const policy = contentSecurityPolicy(
          { scripts: scriptHashes, styles: styleHashes },
          apiOrigin,
        );
        this.emitFile({
          type: 'asset',
          fileName: CSP_FILE,
          source: `${JSON.stringify({ policy, scriptHashes, styleHashes }, null, 2)}\n`,
        });
      },
    },
  };
}

/** Files at least this large get precompressed copies (smaller ones gain nothing). */
const COMPRESS_THRESHOLD = 512;

/**
 * The service worker (sw.js) and its Workbox runtime are written by vite-plugin-pwa after the
 * bundle, so the compression plugin never sees them: their .br and .gz copies are made here, once
 * the worker is written (closeBundle, after the PWA plugin's).
 */
function compressServiceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'lms-compress-service-worker',
    apply: 'build',
    configResolved: (config) => void (outDir = resolve(config.root, config.build.outDir)),
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const files = readdirSync(outDir).filter((name) => /^(sw|workbox-[\w-]+)\.js$/.test(name));
        if (!files.includes('sw.js')) throw new Error(`no service worker in ${outDir}`);
        for (const name of files) {
          const path = join(outDir, name);
          if (statSync(path).size < COMPRESS_THRESHOLD) continue;
          const source = readFileSync(path);
          writeFileSync(
            `${path}.br`,
            brotliCompressSync(source, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY },
            }),
          );
          writeFileSync(`${path}.gz`, gzipSync(source, { level: zlib.Z_BEST_COMPRESSION }));
        }
      },
    },
  };
}

/** The API's origin when it is not the portal's own (VITE_API_BASE_URL), for the CSP. */
function apiOrigin(env: Record<string, string>): string | undefined {
  const base = env.VITE_API_BASE_URL;
  return base ? new URL(base).origin : undefined;
}

const portalName = readPortalName();

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_');
  return {
    base: '/lms/',
    resolve: command === 'build' ? { alias: productionAliases() } : {},
    plugins: [
      react(),
      portalTitle(portalName),
      bootScreenTexts(env.VITE_API_BASE_URL),
      bareBaseRoute(),
      installableApp(portalName),
      serviceWorkerScopeHeader(),
      bootScreenFiles(),
      contentSecurityPolicyFile(apiOrigin(env)),
      // Precompressed copies (.br, .gz) of every text file, for a server to send as they are (the
      // mock server does, and deploy/nginx with brotli_static and gzip_static); the build's own
      // records under .vite/ are never served, so they get none.
      compression({
        algorithms: ['brotliCompress', 'gzip'],
        include: /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|ico)$/,
        exclude: /(^|[\\/])\.vite[\\/]/,
        threshold: COMPRESS_THRESHOLD,
      }),
      compressServiceWorker(),
      // Last: the finished build (service worker included) replaces dist/ only once it is whole.
      atomicOutDir(),
    ],
    server: {
      proxy: {
        '/api': { target: apiTarget, changeOrigin: true },
        '/lms/api': { target: apiTarget, changeOrigin: true },
        '/config.json': { target: apiTarget, changeOrigin: true },
      },
    },
    preview: {
      proxy: {
        '/api': { target: apiTarget, changeOrigin: true },
        '/lms/api': { target: apiTarget, changeOrigin: true },
        '/config.json': { target: apiTarget, changeOrigin: true },
      },
    },
    build: {
      manifest: true,
      // Source maps for error reports, not for the public: the bundle does not name them (no
      // sourceMappingURL) and the servers answer 404 for *.map.
      sourcemap: 'hidden',
      rolldownOptions: {
        treeshake: {
          // @lms/client only declares things, but its package.json does not say so; without this,
          // every module its index re-exports runs, and so ships, with /lms/login (e.g. the upload
          // helpers of the news screen).
          moduleSideEffects: [
            { test: /[\\/]packages[\\/]client[\\/]src[\\/]/, sideEffects: false },
          ],
        },
        output: {
          // Chunks whose functions run as soon as they load (the login page's, the shell chunk's and the
          // news screen's: the first screen of either page) ask Chrome to compile them all while it
          // streams them, on a background thread, instead of one by one on the main thread as each
          // is first called (V8's explicit compile hints; other browsers ignore the comment).
          postBanner: (chunk) =>
            chunk.isEntry || EAGER_CHUNKS.has(chunk.name) ? '//# allFunctionsCalledOnLoad' : '',
          codeSplitting: {
            groups: [
              {
                // Named, so the service worker can leave it out of its precache (see above).
                name: 'xlsx-writer',
                test: /[\\/]node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?write-excel-file[\\/]/,
              },
              {
                // The framework every screen needs, in one long-cached chunk; screen-specific
                // libraries (TanStack Query, dayjs, QR codes...) stay with the screens that use them.
                name: 'framework',
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|i18next|react-i18next|@preact[\\/][^\\/]+|openapi-fetch)[\\/]/,
              },
              {
                // The rest of what /lms/login needs in one file rather than a few small shared
                // chunks, which compress worse apart (about 1 KB gzip); the entry stays tiny.
                name: 'app',
                tags: ['$initial'],
                // The entry (index.html and main.tsx) stays a chunk of its own.
                test: (id: string) => !/[\\/](index\.html|src[\\/]main\.tsx)$/.test(id),
              },
              {
                // The shell chunk (see bootScreenFiles): the module, with everything it imports that the
                // groups above have not taken (dependencies are included by default).
                name: SHELL_CHUNK,
                test: SHELL_CHUNK_MODULE,
              },
            ],
          },
        },
      },
    },
  };
});
