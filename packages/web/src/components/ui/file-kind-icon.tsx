import { fileKind, type FileKind } from '../../lib/files/file-name';
import { SvgIcon } from './icon';

/** Each kind of attachment (by extension) has its own badge; anything else gets the plain page. */
const BADGES: Record<FileKind, { label: string; color: string } | null> = {
  pdf: { label: 'PDF', color: '#c62828' },
  excel: { label: 'XLS', color: '#1b7a43' },
  word: { label: 'DOC', color: '#1a5fb4' },
  text: { label: 'TXT', color: '#56606d' },
  powerpoint: { label: 'PPT', color: '#b7410e' },
  exe: { label: 'EXE', color: '#6a1b9a' },
  generic: null,
};

const OUTLINE = {
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinejoin: 'round',
} as const;

export interface FileKindIconProps {
  /** The file's name; its extension picks the icon. */
  name: string;
  size?: number;
}

/**
 * A page with a coloured type badge (data-file-kind names the type). The name next to it says
 * the extension, so the icon is decorative.
 */
export function FileKindIcon({ name, size = 32 }: FileKindIconProps) {
  const kind = fileKind(name);
  const badge = BADGES[kind];
  return (
    <SvgIcon size={size} viewBox="0 0 32 32" data-file-kind={kind}>
      <path
        d="M8 3.5h11l6.5 6.5v17A1.5 1.5 0 0 1 24 28.5H8A1.5 1.5 0 0 1 6.5 27V5A1.5 1.5 0 0 1 8 3.5Z"
        fill="var(--color-surface)"
        {...OUTLINE}
      />
      <path d="M19 3.5V9a1 1 0 0 0 1 1h5.5" fill="none" {...OUTLINE} />
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
    </SvgIcon>
  );
}
