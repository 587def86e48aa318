import './styles/tokens.css';
import './styles/global.css';
import { initI18n } from '@lms/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { PortalRoutes } from './app/routes';
import { loadShellChunk } from './app/load-shell-chunk';
import { startAuthentication } from './app/session-guards';
import { loadShellAhead, startReturningUser } from './app/session-routes';
import { startServiceWorker } from './app/start-service-worker';
import { createPortalClient } from './lib/query/api-client';
import { lazyQueryClient } from './lib/query/lazy-query-client';
import { applyTheme } from './lib/ui-state/theme';
import { hasTokenCookie } from './lib/session/session-cookies';
import { bootedOnLogin } from './features/session/utils/boot-login';

applyTheme();
// index.html showed its login form (no session): every page it shows it on leads to the login
// page (the session guards send a visitor there), so the app opens there at once, and the form
// typed into is taken over by the first render rather than after a redirect has cleared it.
if (bootedOnLogin() && !hasTokenCookie() && window.location.pathname !== '/lms/login') {
  window.history.replaceState(window.history.state, '', '/lms/login');
}
const client = createPortalClient();
// TanStack Query loads with the shell (or a login in progress), not with the login screen.
const queryClient = lazyQueryClient(() =>
  loadShellChunk().then((module) => module.createQueryClient()),
);
// A returning user (a `token` cookie) is headed for the shell: the session check, the shell chunk
// (index.html started its download) and the first screen's requests start now, while the
// translations and the first render get ready.
const session = startAuthentication(client);
if (session) startReturningUser({ client, queryClient }, session);
// Russian is bundled; a stored kg or en choice waits for its (small) chunks, so the first paint is
// already in the user's language. A failed chunk leaves the Russian fallback rather than no page.
await initI18n().catch((error: unknown) => console.error('Translations failed to load', error));
if (session) loadShellAhead();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// The scripts' evaluation and the first render are two tasks, not one long one: the browser may
// paint and answer input between them.
await new Promise((resolve) => setTimeout(resolve, 0));

// The shell installs the portal (its service worker) the first time; where it is installed
// already, every page hears of a new version (and reloads with the others when one is accepted).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  void navigator.serviceWorker.getRegistration().then((registration) => {
    if (registration) startServiceWorker();
  });
}

const root = createRoot(container);
// The first render is a transition: React yields to the browser every few milliseconds while it
// builds the first screen, rather than holding the main thread for all of it.
startTransition(() =>
  root.render(
    <StrictMode>
      <App queryClient={queryClient} client={client}>
        {/* Navigations are not transitions: a section still loading shows 'Загрузка...' at once. */}
        <BrowserRouter useTransitions={false}>
          <PortalRoutes />
        </BrowserRouter>
      </App>
    </StrictMode>,
  ),
);
