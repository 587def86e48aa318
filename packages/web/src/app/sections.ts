import type { IconSource } from '../components/ui/icon';
import { lazyRoute, type LazyRoute } from './lazy-route';

/** What one entry of SECTIONS says; everything else about a section is found from it. */
interface SectionEntry {
  /** Its name: the `nav.<key>` label in the shell's texts, and what remembers its rail. */
  key: string;
  /** The section's route in the shell, as a full path (`/lms`, `/lms/chat`, ...). */
  path: string;
  /** A name from the shared set, or the section's own drawing (`{ d }`, kept in its feature). */
  icon: IconSource;
  /**
   * The section's screen, in its own chunk named after its feature folder, with its translation
   * namespaces.
   */
  Component: LazyRoute;
  /**
   * Whether the desktop's discipline and contact columns open beside it: they serve the news and
   * the chat; a section that brings its own pickers (or needs none) gives the content their room
   * and folds them to a rail the person can reopen.
   */
  rail: 'open' | 'folded';
}

/**
 * The content routes of the shell in navigation order: the one table the router and every
 * navigation (apps column, drawer, mobile grid) read. The section keys are its keys (SectionKey),
 * never written out a second time; test/sections.test.ts checks what each entry needs.
 */
export const SECTIONS = [
  {
    key: 'news',
    path: '/lms',
    icon: 'news',
    rail: 'open',
    Component: lazyRoute(
      'news',
      () => import('../features/news/components/news-route'),
      (m) => m.NewsRoute,
      ['news'],
    ),
  },
  {
    key: 'chat',
    path: '/lms/chat',
    icon: 'chat',
    rail: 'open',
    Component: lazyRoute(
      'chat',
      () => import('../features/chat/components/chat-route'),
      (m) => m.ChatRoute,
      ['chat'],
    ),
  },
  {
    key: 'schedule',
    path: '/lms/schedule',
    icon: 'schedule',
    rail: 'folded',
    Component: lazyRoute(
      'schedule',
      () => import('../features/schedule/components/schedule-route'),
      (m) => m.ScheduleRoute,
      ['schedule'],
    ),
  },
  {
    key: 'journal',
    path: '/lms/journal',
    icon: 'journal',
    rail: 'folded',
    Component: lazyRoute(
      'journal',
      () => import('../features/journal/components/journal-route'),
      (m) => m.JournalRoute,
      ['journal'],
    ),
  },
  {
    key: 'umk',
    path: '/lms/umk',
    icon: 'umk',
    rail: 'folded',
    Component: lazyRoute(
      'study-materials',
      () => import('../features/study-materials/components/study-materials-route'),
      (m) => m.StudyMaterialsRoute,
      ['study-materials', 'publication'],
    ),
  },
  {
    key: 'library',
    path: '/lms/library',
    icon: 'library',
    rail: 'folded',
    Component: lazyRoute(
      'e-library',
      () => import('../features/e-library/components/e-library-route'),
      (m) => m.ELibraryRoute,
      ['e-library', 'publication'],
    ),
  },
  {
    key: 'registration',
    path: '/lms/registration',
    icon: 'registration',
    rail: 'folded',
    Component: lazyRoute(
      'discipline-registration',
      () => import('../features/discipline-registration/components/discipline-registration-route'),
      (m) => m.DisciplineRegistrationRoute,
      ['discipline-registration'],
    ),
  },
  {
    key: 'paymentcode',
    path: '/lms/paymentcode',
    icon: 'paymentcode',
    rail: 'folded',
    Component: lazyRoute(
      'payment-code',
      () => import('../features/payment-code/components/payment-code-route'),
      (m) => m.PaymentCodeRoute,
      ['payment-code'],
    ),
  },
  {
    key: 'singlewindow',
    path: '/lms/singlewindow',
    icon: 'singlewindow',
    rail: 'folded',
    Component: lazyRoute(
      'document-orders',
      () => import('../features/document-orders/components/document-orders-route'),
      (m) => m.DocumentOrdersRoute,
      ['document-orders'],
    ),
  },
  {
    key: 'apps',
    path: '/lms/apps',
    icon: 'apps',
    rail: 'folded',
    Component: lazyRoute(
      'apps',
      () => import('../features/apps/components/apps-route'),
      (m) => m.AppsRoute,
      ['apps'],
    ),
  },
  {
    key: 'profile',
    path: '/lms/profile',
    icon: 'profile',
    rail: 'folded',
    Component: lazyRoute(
      'profile',
      () => import('./routes/profile-route'),
      (m) => m.ProfileRoute,
      ['profile', 'password'],
    ),
  },
] as const satisfies readonly SectionEntry[];

export type SectionKey = (typeof SECTIONS)[number]['key'];

export interface Section extends SectionEntry {
  key: SectionKey;
}

/** The section a path shows (with or without a trailing slash), or undefined. */
export function findSection(pathname: string): Section | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SECTIONS.find((section) => section.path === path);
}
