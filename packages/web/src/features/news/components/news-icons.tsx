import { LineIcon, type LineIconProps } from '../../../components/ui/icon';
import { fileKind, type FileKind } from '../utils/file-kind';

type GlyphProps = Omit<LineIconProps, 'd'>;

// Line icons in the style of components/ui/icon, for the few only the news screen needs.
export const TrashIcon = (props: GlyphProps) => (
  <LineIcon
    d="M4.5 6.5h15 M9.5 6.5V4.5h5v2 M6.5 6.5l1 13h9l1-13 M10.5 10.5v5.5 M13.5 10.5v5.5"
    {...props}
  />
);
export const PaperclipIcon = (props: GlyphProps) => (
  <LineIcon
    d="M20 11.5 12.4 19.1a5 5 0 0 1-7.1-7.1l7.8-7.8a3.3 3.3 0 0 1 4.7 4.7l-7.7 7.7a1.7 1.7 0 0 1-2.4-2.4l7-7"
    {...props}
  />
);
export const SendIcon = (props: GlyphProps) => (
  <LineIcon d="M4 12 20 4l-5 16-3.5-6.5L4 12Z M11.5 13.5 20 4" {...props} />
);
export const CheckIcon = (props: GlyphProps) => <LineIcon d="M5 12.5l4.5 4.5L19 7.5" {...props} />;

/** Section 2's file types, each with its own badge; anything else gets the plain page. */
const BADGES: Record<FileKind, { label: string; color: string } | null> = {
  pdf: { label: 'PDF', color: '#c62828' },
  excel: { label: 'XLS', color: '#1b7a43' },
  word: { label: 'DOC', color: '#1a5fb4' },
  text: { label: 'TXT', color: '#56606d' },
  powerpoint: { label: 'PPT', color: '#b7410e' },
  exe: { label: 'EXE', color: '#6a1b9a' },
  generic: null,
};

export interface FileIconProps {
  /** The file's name; its extension picks the icon. */
  name: string;
  size?: number;
}

/** A page with a coloured type badge: the extension is part of the link's name, so it is decorative. */
export function FileIcon({ name, size = 32 }: FileIconProps) {
  const kind = fileKind(name);
  const badge = BADGES[kind];
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      data-file-kind={kind}
    >
      <path
        d="M8 3.5h11l6.5 6.5v17A1.5 1.5 0 0 1 24 28.5H8A1.5 1.5 0 0 1 6.5 27V5A1.5 1.5 0 0 1 8 3.5Z"
        fill="var(--color-surface)"
        stroke="currentColor"
        strokeWidth={1.5}
        strokeLinejoin="round"
      />
      <path
        d="M19 3.5V9a1 1 0 0 0 1 1h5.5"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.5}
        strokeLinejoin="round"
      />
      {badge ? (
        <>
          <rect x="2" y="14.5" width="21" height="10" rx="2" fill={badge.color} />
          <text
            x="12.5"
            y="22.3"
            fill="#ffffff"
            fontSize="7.6"
            fontWeight="700"
            fontFamily="system-ui, sans-serif"
            textAnchor="middle"
            letterSpacing="0.2"
          >
            {badge.label}
          </text>
        </>
      ) : (
        <path
          d="M10.5 15.5h11 M10.5 19.5h11 M10.5 23.5h7"
          stroke="currentColor"
          strokeWidth={1.5}
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}
