import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

/** Where `pnpm dev` sends API calls: the mock server by default, a real backend when set. */
const apiTarget = process.env.LMS_API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * index.html's <title> is the portal's fallback name from the Russian resources, so the tab has a
 * proper name before the app (and /config.json's `name`) takes over.
 */
function portalTitle(): Plugin {
  const commonJson = fileURLToPath(new URL('../i18n/src/locales/ru/common.json', import.meta.url));
  return {
    name: 'lms-portal-title',
    transformIndexHtml(html) {
      const { portalName } = JSON.parse(readFileSync(commonJson, 'utf8')) as { portalName: string };
      return html.replaceAll('%PORTAL_NAME%', portalName);
    },
  };
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
      replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
    },
  ];
}

export default defineConfig(({ command }) => ({
  base: '/lms/',
  resolve: command === 'build' ? { alias: productionAliases() } : {},
  plugins: [
    react(),
    portalTitle(),
    bareBaseRoute(),
    // Precompressed copies (.br, .gz) of every text file, for a server to send as they are (the
    // mock server does, and the README's nginx example with brotli_static and gzip_static).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/,
      threshold: 512,
    }),
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
    sourcemap: true,
    rolldownOptions: {
      treeshake: {
        // @lms/client only declares things, but its package.json does not say so; without this,
        // every module its index re-exports runs, and so ships, with /lms/login (e.g. the upload
        // helpers of the news screen).
        moduleSideEffects: [{ test: /[\\/]packages[\\/]client[\\/]src[\\/]/, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
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
          ],
        },
      },
    },
  },
}));
