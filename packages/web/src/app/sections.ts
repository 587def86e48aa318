import type { IconName } from '../components/ui/icon';

export type SectionKey =
  | 'news'
  | 'profile'
  | 'chat'
  | 'umk'
  | 'library'
  | 'journal'
  | 'registration'
  | 'paymentcode'
  | 'singlewindow'
  | 'schedule'
  | 'apps';

export interface Section {
  key: SectionKey;
  /** Section 2's content routes, as full paths. */
  path: string;
  icon: IconName;
}

/** The content routes of the shell in navigation order. */
export const SECTIONS: readonly Section[] = [
  { key: 'news', path: '/lms', icon: 'news' },
  { key: 'chat', path: '/lms/chat', icon: 'chat' },
  { key: 'schedule', path: '/lms/schedule', icon: 'schedule' },
  { key: 'journal', path: '/lms/journal', icon: 'journal' },
  { key: 'umk', path: '/lms/umk', icon: 'umk' },
  { key: 'library', path: '/lms/library', icon: 'library' },
  { key: 'registration', path: '/lms/registration', icon: 'registration' },
  { key: 'paymentcode', path: '/lms/paymentcode', icon: 'paymentcode' },
  { key: 'singlewindow', path: '/lms/singlewindow', icon: 'singlewindow' },
  { key: 'apps', path: '/lms/apps', icon: 'apps' },
  { key: 'profile', path: '/lms/profile', icon: 'profile' },
];

export function findSection(pathname: string): Section | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SECTIONS.find((section) => section.path === path);
}
