import { LineIcon, type LineIconProps } from './icon';

/**
 * Line icons that screens with files and actions share (news, chat, study materials, payment
 * code...), drawn like the shell's set in icon.tsx but kept out of it: only lazy screens import
 * this module, so the login page does not carry these paths.
 */
const PATHS = {
  trash: 'M4.5 6.5h15 M9.5 6.5V4.5h5v2 M6.5 6.5l1 13h9l1-13 M10.5 10.5v5.5 M13.5 10.5v5.5',
  paperclip:
    'M20 11.5 12.4 19.1a5 5 0 0 1-7.1-7.1l7.8-7.8a3.3 3.3 0 0 1 4.7 4.7l-7.7 7.7a1.7 1.7 0 0 1-2.4-2.4l7-7',
  send: 'M4 12 20 4l-5 16-3.5-6.5L4 12Z M11.5 13.5 20 4',
  copy: 'M9 9.5A1.5 1.5 0 0 1 10.5 8h8A1.5 1.5 0 0 1 20 9.5v9a1.5 1.5 0 0 1-1.5 1.5h-8A1.5 1.5 0 0 1 9 18.5v-9Z M15 8V5.5A1.5 1.5 0 0 0 13.5 4h-8A1.5 1.5 0 0 0 4 5.5v9A1.5 1.5 0 0 0 5.5 16H9',
  download: 'M12 4v11 M7.5 10.5 12 15l4.5-4.5 M5 19.5h14',
  print:
    'M7 9V4h10v5 M7 17H5.5A1.5 1.5 0 0 1 4 15.5v-5A1.5 1.5 0 0 1 5.5 9h13a1.5 1.5 0 0 1 1.5 1.5v5a1.5 1.5 0 0 1-1.5 1.5H17 M7 14h10v6H7Z',
  /** The arrow out of a box that marks a link leaving the portal. */
  external:
    'M14 4h6v6 M20 4l-9 9 M18 14v4.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 4 18.5v-11A1.5 1.5 0 0 1 5.5 6H10',
} as const;

export type ActionIconName = keyof typeof PATHS;

export interface ActionIconProps extends Omit<LineIconProps, 'd'> {
  name: ActionIconName;
}

export function ActionIcon({ name, ...rest }: ActionIconProps) {
  return <LineIcon d={PATHS[name]} {...rest} />;
}
