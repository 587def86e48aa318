import './styles/tokens.css';
import './styles/global.css';
import { initI18n } from '@lms/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { PortalRoutes } from './app/routes';
import { loadWayIn } from './app/load-way-in';
import { startServiceWorker } from './app/start-service-worker';
import { createPortalClient } from './lib/api-client';
import { lazyQueryClient } from './lib/lazy-query-client';
import { applyTheme } from './lib/theme';

applyTheme();
// Russian is bundled; a stored kg or en choice waits for its (small) chunks, so the first paint is
// already in the user's language. A failed chunk leaves the Russian fallback rather than no page.
await initI18n().catch((error: unknown) => console.error('Translations failed to load', error));

// TanStack Query loads with the shell (or a login in progress), not with the login screen.
const queryClient = lazyQueryClient(() => loadWayIn().then((module) => module.createQueryClient()));
const client = createPortalClient();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

// The shell installs the portal (its service worker) the first time; where it is installed
// already, every page hears of a new version (and reloads with the others when one is accepted).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void navigator.serviceWorker.getRegistration().then((registration) => {
    if (registration) startServiceWorker();
  });
}

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} client={client}>
      {/* Navigations are not transitions: a section still loading shows 'Загрузка...' at once. */}
      <BrowserRouter useTransitions={false}>
        <PortalRoutes />
      </BrowserRouter>
    </App>
  </StrictMode>,
);
