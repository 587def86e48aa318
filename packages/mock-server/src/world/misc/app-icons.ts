// The demo apps' icons, served by the mock itself (GET /api/apps/<name>.svg), so a developer
// offline sees them and the page makes no outside request. Under /api/, which every way of
// serving the portal sends to its backend (the dev server's proxy, the nginx recipe, the
// container): under /lms/ they would be looked for in the portal's own folder, and behind the
// recipe every screen showed four broken icons.

/** Where the icons are served; an app's `icon` is this path plus `<name>.svg`. */
export const APP_ICON_PATH = '/api/apps/';

// A glyph (24×24, stroked in white) on a rounded square of the app's colour.
const icons: Record<string, { color: string; glyph: string }> = {
  library: {
    color: '#1a5fb4',
    glyph: 'M4 4h4.5v16H4z M8.5 4H13v16H8.5z M14.6 5.1l3.9-1 3.2 15.5-3.9 1z M4 8h9 M4 16h9',
  },
  university: {
    color: '#0b6e4f',
    glyph: 'M12 4 2 9l10 5 10-5-10-5Z M6 11v5c0 1.7 2.7 3 6 3s6-1.3 6-3v-5 M22 9v5',
  },
  dorm: { color: '#b7410e', glyph: 'M4 11 12 4l8 7 M6 9.5V20h12V9.5 M10 20v-5h4v5' },
  telegram: { color: '#229ed9', glyph: 'M4 12 20 4l-5 16-3.5-6.5L4 12Z M11.5 13.5 20 4' },
};

export const appIconUrl = (name: keyof typeof icons & string) => `${APP_ICON_PATH}${name}.svg`;

/** The SVG of an icon by its file name ('library.svg'), or undefined. */
export function appIconSvg(file: string): string | undefined {
  const match = /^([a-z]+)\.svg$/.exec(file);
  const icon = match?.[1] ? icons[match[1]] : undefined;
  if (!icon) return undefined;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 48 48">' +
    `<rect width="48" height="48" rx="12" fill="${icon.color}"/>` +
    '<g transform="translate(12 12)" fill="none" stroke="#fff" stroke-width="1.8" ' +
    `stroke-linecap="round" stroke-linejoin="round"><path d="${icon.glyph}"/></g></svg>`
  );
}
