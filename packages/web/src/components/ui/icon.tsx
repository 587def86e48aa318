import type { SVGProps } from 'react';

/** Hand-drawn 24 px line icons: a few paths cost less than an icon library. */
const PATHS = {
  news: 'M4 5h13v14H6a2 2 0 0 1-2-2V5Z M17 9h3v8a2 2 0 0 1-2 2h-1 M8 9h5 M8 12.5h5 M8 16h3',
  chat: 'M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H10l-6 4V5.5Z M8 9h8 M8 12h5',
  apps: 'M4 4h6v6H4z M14 4h6v6h-6z M4 14h6v6H4z M14 14h6v6h-6z',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Z M4 20c0-3.3 3.6-6 8-6s8 2.7 8 6',
  umk: 'M4 5.5A2.5 2.5 0 0 1 6.5 3H19v15H6.5A2.5 2.5 0 0 0 4 20.5v-15Z M4 20.5A2.5 2.5 0 0 1 6.5 18H19v3H6.5 M9 7.5h6 M9 11h4',
  library: 'M4 4h4.5v16H4z M8.5 4H13v16H8.5z M14.6 5.1l3.9-1 3.2 15.5-3.9 1z M4 8h9 M4 16h9',
  journal: 'M8.5 3.5h7v3h-7z M8.5 5H6v16h12V5h-2.5 M9 13.5l2 2 4-4.5',
  registration: 'M6 3h9l4 4v14H6z M14.5 3v4.5H19 M9.5 12h6 M9.5 16h6 M9.5 8h2',
  paymentcode:
    'M3 6.5A1.5 1.5 0 0 1 4.5 5h15A1.5 1.5 0 0 1 21 6.5v11a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5v-11Z M3 10h18 M7 15h4',
  singlewindow:
    'M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5v-13Z M4 9h16 M10 9v11 M7 6.5h.01 M9.5 6.5h.01',
  schedule:
    'M4 6.5A1.5 1.5 0 0 1 5.5 5h13A1.5 1.5 0 0 1 20 6.5v12a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5v-12Z M4 10h16 M8.5 3v4 M15.5 3v4 M8 14h2 M14 14h2 M8 17h2',
  menu: 'M4 6.5h16 M4 12h16 M4 17.5h16',
  close: 'M6 6l12 12 M18 6 6 18',
  eye: 'M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12Z M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  eyeOff:
    'M3 3l18 18 M10.6 5.6A9.8 9.8 0 0 1 12 5.5C18 5.5 21.5 12 21.5 12a16.8 16.8 0 0 1-2.7 3.5 M6.6 6.7C4 8.4 2.5 12 2.5 12S6 18.5 12 18.5a9.5 9.5 0 0 0 4.9-1.3 M9.9 9.9a3 3 0 0 0 4.2 4.2',
  logout: 'M14 4h4.5A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5H14 M10 8l-4 4 4 4 M6 12h10',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5Z',
  chevronDown: 'M6 9l6 6 6-6',
  arrowLeft: 'M19 12H5 M12 19l-7-7 7-7',
  offline:
    'M3 3l18 18 M8.5 16.3a5 5 0 0 1 6-.8 M5 12.8a10 10 0 0 1 4.4-2.6 M19 12.8a10 10 0 0 0-2.5-1.8 M2 8.8a15 15 0 0 1 3.7-2.5 M22 8.8a15 15 0 0 0-11.5-3.7 M12 20h.01',
  alert: 'M12 3.5 2.5 20h19L12 3.5Z M12 10v4.5 M12 17.2h.01',
  inbox: 'M4 13.5 6.5 5h11l2.5 8.5V19H4v-5.5Z M4 13.5h5l1.2 2.3h3.6l1.2-2.3h5',
  contacts:
    'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Z M2.5 20c0-3 2.9-5.5 6.5-5.5s6.5 2.5 6.5 5.5 M16 4.6a3.5 3.5 0 0 1 0 6.8 M18.5 14.9c1.8.9 3 2.7 3 5.1',
  layers: 'M12 3 2.5 8 12 13l9.5-5L12 3Z M2.5 12.5 12 17.5l9.5-5 M2.5 16.5 12 21.5l9.5-5',
  calendar:
    'M4 6.5A1.5 1.5 0 0 1 5.5 5h13A1.5 1.5 0 0 1 20 6.5v12a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5v-12Z M4 10h16 M8.5 3v4 M15.5 3v4',
  refresh: 'M19.5 12a7.5 7.5 0 1 1-2.2-5.3 M19.5 4v4.5H15',
  globe:
    'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Z M3 12h18 M12 3c2.4 2.5 3.5 5.5 3.5 9s-1.1 6.5-3.5 9c-2.4-2.5-3.5-5.5-3.5-9s1.1-6.5 3.5-9Z',
  cap: 'M12 4 2 9l10 5 10-5-10-5Z M6 11v5c0 1.7 2.7 3 6 3s6-1.3 6-3v-5 M22 9v5',
  home: 'M4 11 12 4l8 7 M6 9.5V20h12V9.5 M10 20v-5h4v5',
  lock: 'M6.5 10.5h11A1.5 1.5 0 0 1 19 12v7.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 5 19.5V12a1.5 1.5 0 0 1 1.5-1.5Z M8 10.5V7.5a4 4 0 0 1 8 0v3 M12 14.5v3',
  /** The one check mark: done, saved, copied. */
  check: 'M4.5 12.5l5 5 10-11',
  edit: 'M4 20h4L19 9l-4-4L4 16v4Z M13.5 6.5l4 4',
  plus: 'M12 5v14 M5 12h14',
  search: 'M10.5 17a6.5 6.5 0 1 0 0-13 6.5 6.5 0 0 0 0 13Z M15.5 15.5 20 20',
  /** A side column folded to a rail: opening it, and folding it again. */
  railOpen:
    'M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5v-13Z M9 4v16 M13 9.5l2.5 2.5-2.5 2.5',
  railFold:
    'M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5v-13Z M9 4v16 M15.5 9.5 13 12l2.5 2.5',
} as const;

export type IconName = keyof typeof PATHS;

/**
 * An icon: one of the set above by name, or a drawing of its own (path data on the same 24 px
 * grid). A section that needs a new picture brings it in its own entry (its feature folder), so
 * this set, shared by every screen and the login page, is not a list that each section extends.
 */
export type IconSource = IconName | { readonly d: string };

/** The path data an icon draws. */
export function iconPath(source: IconSource): string {
  return typeof source === 'string' ? PATHS[source] : source.d;
}

export interface SvgIconProps extends Omit<SVGProps<SVGSVGElement>, 'name'> {
  size?: number;
}

/**
 * The one <svg> of every icon in the portal: square, decorative (named by the text or label next
 * to it) and never a tab stop. Children draw on a 24 px grid unless another viewBox is given.
 */
export function SvgIcon({ size = 20, viewBox = '0 0 24 24', ...rest }: SvgIconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox={viewBox}
      aria-hidden="true"
      focusable="false"
      {...rest}
    />
  );
}

export interface LineIconProps extends Omit<SvgIconProps, 'd' | 'children'> {
  /** The path data, drawn on a 24 px grid with a 1.8 stroke. */
  d: string;
}

/**
 * The portal's line-icon style. Icons beyond the shell's set below live in action-icons.tsx (or a
 * screen's own chunk), so this set, and with it the login page, does not grow with every screen.
 */
export function LineIcon({ d, ...rest }: LineIconProps) {
  return (
    <SvgIcon
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...rest}
    >
      <path d={d} />
    </SvgIcon>
  );
}

export interface IconProps extends Omit<LineIconProps, 'd'> {
  name: IconSource;
}

export function Icon({ name, ...rest }: IconProps) {
  return <LineIcon d={iconPath(name)} {...rest} />;
}
