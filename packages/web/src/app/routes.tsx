import { useRoutes, type RouteObject } from 'react-router';
import { NotFoundPage } from './not-found-page';
import { OfflinePage } from './offline-page';
import { RootLayout } from './root-layout';
import { SECTIONS } from './sections';
import { LoginRoute, RootRedirect, ShellGate } from './session-routes';

/** The shell's content routes, each its own chunk, from the one section table (full paths). */
const contentRoutes: RouteObject[] = [
  ...SECTIONS.map(({ path, Component }): RouteObject =>
    path === '/lms' ? { index: true, Component } : { path, Component },
  ),
  { path: '*', element: <NotFoundPage inShell /> },
];

const portalRoutes: RouteObject[] = [
  {
    Component: RootLayout,
    children: [
      { path: '/', Component: RootRedirect },
      { path: '/lms/login', Component: LoginRoute },
      { path: '/lms/offline', Component: OfflinePage },
      // The shell renders the matching section inside its frame (see SectionOutlet).
      { path: '/lms', Component: ShellGate, children: contentRoutes },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The portal's pages, with full paths and no basename. Declarative routing (not a
 * data router, which would add about 16 KB gzip to /lms/login): session checks are guards in
 * session-routes.tsx, sections load lazily and suspend, and route errors are caught by
 * RouteErrorBoundary around the page and around the section.
 */
export function PortalRoutes() {
  return useRoutes(portalRoutes);
}
