import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  base: '/lms/',
  plugins: [react(), portalTitle(), bareBaseRoute()],
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
      output: {
        codeSplitting: {
          groups: [
            {
              // The framework every screen needs, in one long-cached chunk; screen-specific
              // libraries (dayjs, QR codes...) stay with the screens that use them.
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|i18next|react-i18next|i18next-browser-languagedetector|@preact[\\/][^\\/]+|openapi-fetch|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
