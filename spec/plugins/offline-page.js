// The reference page opens offline: after `redocly build-docs --inlineBundle` (which already
// embeds Redoc's script and, with `telemetry: off`, turns the page's telemetry off), the only
// address the page still loads is the Redocly logo in the sidebar's "API docs by" credit, fetched
// from Redocly's CDN with no option to turn it off. This step swaps those logo addresses for an
// inline image of the word "Redocly", so the credit stays and nothing leaves the page.
// Usage: node plugins/offline-page.js dist/reference.html
import { readFileSync, writeFileSync } from 'node:fs';

const CDN_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;

/** The credit's logo as a data: URL (an SVG that names Redocly in text; no font is fetched). */
function logo(full) {
  const width = full ? 62 : 16;
  const text = full ? 'Redocly' : 'R';
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="16" viewBox="0 0 ${width} 16">` +
    `<text x="0" y="12.5" font-family="system-ui,sans-serif" font-size="13" font-weight="600" ` +
    `fill="#5a6170">${text}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const [file] = process.argv.slice(2);
if (!file) {
  console.error('usage: node plugins/offline-page.js <built reference.html>');
  process.exit(2);
}
const html = readFileSync(file, 'utf8');
let swapped = 0;
const offline = html.replace(CDN_LOGO, (_url, full) => {
  swapped += 1;
  return logo(full !== undefined);
});
writeFileSync(file, offline);
console.log(`offline-page: ${file}: ${swapped} CDN logo address(es) replaced with inline images`);
