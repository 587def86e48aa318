import type { RouteObject } from 'react-router';
import { Loading } from '../components/ui/loading';
import { LoginPage } from '../features/session/components/login-page';
import { lazyRoute } from './lazy-route';
import { NotFoundPage } from './not-found-page';
import { OfflinePage } from './offline-page';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import {
  createLoginLoader,
  createShellLoader,
  rootRedirectLoader,
  type LoaderDeps,
} from './session-loaders';

function FullScreenLoading() {
  return <Loading fullScreen />;
}

/** Section 2's content routes, each its own chunk (full paths, no basename). */
const contentRoutes: RouteObject[] = [
  {
    index: true,
    lazy: lazyRoute(
      'news',
      () => import('../features/news/components/news-route'),
      (m) => m.NewsRoute,
      ['news'],
    ),
  },
  {
    path: '/lms/profile',
    lazy: lazyRoute(
      'profile',
      () => import('./routes/profile-route'),
      (m) => m.ProfileRoute,
      ['profile', 'password'],
    ),
  },
  {
    path: '/lms/chat',
    lazy: lazyRoute(
      'chat',
      () => import('../features/chat/components/chat-route'),
      (m) => m.ChatRoute,
    ),
  },
  {
    path: '/lms/umk',
    lazy: lazyRoute(
      'study-materials',
      () => import('../features/study-materials/components/study-materials-route'),
      (m) => m.StudyMaterialsRoute,
    ),
  },
  {
    path: '/lms/library',
    lazy: lazyRoute(
      'e-library',
      () => import('../features/e-library/components/e-library-route'),
      (m) => m.ELibraryRoute,
    ),
  },
  {
    path: '/lms/journal',
    lazy: lazyRoute(
      'journal',
      () => import('../features/journal/components/journal-route'),
      (m) => m.JournalRoute,
    ),
  },
  {
    path: '/lms/registration',
    lazy: lazyRoute(
      'discipline-registration',
      () => import('../features/discipline-registration/components/discipline-registration-route'),
      (m) => m.DisciplineRegistrationRoute,
    ),
  },
  {
    path: '/lms/paymentcode',
    lazy: lazyRoute(
      'payment-code',
      () => import('../features/payment-code/components/payment-code-route'),
      (m) => m.PaymentCodeRoute,
      ['payment-code'],
    ),
  },
  {
    path: '/lms/singlewindow',
    lazy: lazyRoute(
      'document-orders',
      () => import('../features/document-orders/components/document-orders-route'),
      (m) => m.DocumentOrdersRoute,
    ),
  },
  {
    path: '/lms/schedule',
    lazy: lazyRoute(
      'schedule',
      () => import('../features/schedule/components/schedule-route'),
      (m) => m.ScheduleRoute,
      ['schedule'],
    ),
  },
  {
    path: '/lms/apps',
    lazy: lazyRoute(
      'apps',
      () => import('../features/apps/components/apps-route'),
      (m) => m.AppsRoute,
      ['apps'],
    ),
  },
  { path: '*', element: <NotFoundPage inShell /> },
];

export function createRoutes(deps: LoaderDeps): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: FullScreenLoading,
      errorElement: <RouteError />,
      children: [
        { path: '/', loader: rootRedirectLoader, Component: FullScreenLoading },
        { path: '/lms/login', loader: createLoginLoader(deps), Component: LoginPage },
        { path: '/lms/offline', Component: OfflinePage },
        {
          path: '/lms',
          loader: createShellLoader(deps),
          // The shell is its own chunk: the login screen does not load it.
          lazy: lazyRoute(
            'shell',
            () => import('./shell/shell-route'),
            (m) => m.ShellRoute,
          ),
          children: [
            // A failing content route (e.g. its chunk) is reported inside the shell, which stays.
            { errorElement: <RouteError inShell />, children: contentRoutes },
          ],
        },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ];
}
