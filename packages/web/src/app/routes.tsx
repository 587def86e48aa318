import { useRoutes, type RouteObject } from 'react-router';
import { lazyRoute } from './lazy-route';
import { NotFoundPage } from './not-found-page';
import { OfflinePage } from './offline-page';
import { RootLayout } from './root-layout';
import { LoginRoute, RootRedirect, ShellGate } from './session-routes';

/** Section 2's content routes, each its own chunk (full paths, no basename). */
const contentRoutes: RouteObject[] = [
  {
    index: true,
    Component: lazyRoute(
      'news',
      () => import('../features/news/components/news-route'),
      (m) => m.NewsRoute,
      ['news'],
    ),
  },
  {
    path: '/lms/profile',
    Component: lazyRoute(
      'profile',
      () => import('./routes/profile-route'),
      (m) => m.ProfileRoute,
      ['profile', 'password'],
    ),
  },
  {
    path: '/lms/chat',
    Component: lazyRoute(
      'chat',
      () => import('../features/chat/components/chat-route'),
      (m) => m.ChatRoute,
    ),
  },
  {
    path: '/lms/umk',
    Component: lazyRoute(
      'study-materials',
      () => import('../features/study-materials/components/study-materials-route'),
      (m) => m.StudyMaterialsRoute,
    ),
  },
  {
    path: '/lms/library',
    Component: lazyRoute(
      'e-library',
      () => import('../features/e-library/components/e-library-route'),
      (m) => m.ELibraryRoute,
    ),
  },
  {
    path: '/lms/journal',
    Component: lazyRoute(
      'journal',
      () => import('../features/journal/components/journal-route'),
      (m) => m.JournalRoute,
    ),
  },
  {
    path: '/lms/registration',
    Component: lazyRoute(
      'discipline-registration',
      () => import('../features/discipline-registration/components/discipline-registration-route'),
      (m) => m.DisciplineRegistrationRoute,
    ),
  },
  {
    path: '/lms/paymentcode',
    Component: lazyRoute(
      'payment-code',
      () => import('../features/payment-code/components/payment-code-route'),
      (m) => m.PaymentCodeRoute,
      ['payment-code'],
    ),
  },
  {
    path: '/lms/singlewindow',
    Component: lazyRoute(
      'document-orders',
      () => import('../features/document-orders/components/document-orders-route'),
      (m) => m.DocumentOrdersRoute,
    ),
  },
  {
    path: '/lms/schedule',
    Component: lazyRoute(
      'schedule',
      () => import('../features/schedule/components/schedule-route'),
      (m) => m.ScheduleRoute,
      ['schedule'],
    ),
  },
  {
    path: '/lms/apps',
    Component: lazyRoute(
      'apps',
      () => import('../features/apps/components/apps-route'),
      (m) => m.AppsRoute,
      ['apps'],
    ),
  },
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
 * The portal's pages (section 2), with full paths and no basename. Declarative routing (not a
 * data router, which would add about 16 KB gzip to /lms/login): session checks are guards in
 * session-routes.tsx, sections load lazily and suspend, and route errors are caught by
 * RouteErrorBoundary around the page and around the section.
 */
export function PortalRoutes() {
  return useRoutes(portalRoutes);
}
