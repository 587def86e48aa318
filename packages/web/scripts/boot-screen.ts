// The boot screen of index.html (its login form, shown before any script arrives) as the build
// fills it in: its words in every language (`bootScreenTexts`, in `pnpm dev` too) and the files
// of this build its boot script and the login page fetch ahead (`bootScreenFiles`). Used by
// vite.config.ts; the tests read index.html through the same words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/** The portal's languages: their code, and their own short name (the language switch's). */
const BOOT_LANGUAGES = [
  ['ru', 'Рус'],
  ['kg', 'Кыр'],
  ['en', 'Eng'],
] as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The boot screen's words (index.html's login form, shown before the scripts): each
 * `%T namespace:key%` becomes the Russian text in a `<span data-t="namespace:key">` (`%T autonym%`
 * the language's short name), and the boot script's `data-texts` holds the Kyrgyz and English
 * ones, which it puts in when the language kept on the device is one of them. Read from the same
 * locale files as the app's, so the form says what the login page will. `apiBase` (the build's
 * VITE_API_BASE_URL) goes in its `data-api`: where the boot script sends a returning user's first
 * requests, as the portal's client does.
 */
export function bootScreenTexts(apiBase = ''): Plugin {
  const locales = new Map<string, Record<string, unknown>>();
  const text = (language: string, id: string) => {
    const autonym = BOOT_LANGUAGES.find(([code]) => code === language)?.[1];
    if (id === 'autonym' && autonym) return autonym;
    const [namespace, key = ''] = id.split(':');
    const file = join(
      import.meta.dirname,
      '..',
      '..',
      'i18n',
      'src',
      'locales',
      language,
      `${namespace}.json`,
    );
    if (!locales.has(file)) locales.set(file, JSON.parse(readFileSync(file, 'utf8')));
    const value = locales.get(file)?.[key];
    if (typeof value !== 'string')
      throw new Error(`index.html names ${id}, which ${language} lacks`);
    return value;
  };
  return {
    name: 'lms-boot-screen-texts',
    transformIndexHtml(html) {
      const ids = new Set<string>();
      const russian = html.replace(/%T (autonym|\w+:\w+)%/g, (_match, id: string) => {
        ids.add(id);
        return `<span data-t="${id}">${escapeHtml(text('ru', id))}</span>`;
      });
      const others = Object.fromEntries(
        BOOT_LANGUAGES.filter(([language]) => language !== 'ru').map(([language]) => [
          language,
          Object.fromEntries([...ids].map((id) => [id, text(language, id)])),
        ]),
      );
      const bootScript = '<script id="boot-script"';
      if (!russian.includes(bootScript)) throw new Error(`index.html has no ${bootScript}>`);
      return russian.replace(
        bootScript,
        `${bootScript} data-texts="${escapeHtml(JSON.stringify(others))}"` +
          (apiBase ? ` data-api="${escapeHtml(apiBase)}"` : ''),
      );
    },
  };
}

/**
 * The shell chunk (src/app/shell-chunk.ts: the shell, TanStack Query, the first screen's prefetch, the data kept
 * offline), one chunk rather than a score of small shared ones, each a round trip on a phone's
 * network.
 */
export const SHELL_CHUNK = 'shell-chunk';
export const SHELL_CHUNK_MODULE = /[\\/]src[\\/]app[\\/]shell-chunk\.ts$/;
/** The first screen's section (the news), which a login page fetches while the person types. */
const LANDING_MODULE = /[\\/]src[\\/]features[\\/]news[\\/]components[\\/]news-route\.tsx$/;
/** The translations the shell and the news screen load with them (lazyRoute's namespaces). */
const FIRST_SCREEN_NAMESPACES = ['apps', 'news'];

/**
 * What index.html's boot script (its `#boot-script`) and the login page need to know of this
 * build, in attributes of that script (which its Content-Security-Policy hash does not cover, so
 * the hash stays the same from one build to the next), each a space-separated list of files (a
 * stylesheet is preloaded as a style, anything else as a module):
 * - `data-shell-chunk`: the shell chunk's chunks and CSS that the entry does not bring. A returning user (a
 *   `token` cookie) needs them as much as the framework: the boot script starts them with it,
 *   instead of after the framework has run and the session's guard has asked for them.
 * - `data-first-screen`: the same, plus the news screen's chunks and CSS, and in
 *   `data-first-screen-<language>` the translations the shell and the news screen load with them:
 *   what the login page fetches while the person types (src/app/first-screen-ahead.ts), so that
 *   after the sign-in only the sign-in call and the first screen's data cross the network.
 * The entry's stylesheet moves from <head> to the end of <body>: the boot screen above it paints
 * at once, and the scripts (which wait for a stylesheet the parser met) still start styled.
 * (Comments are left out of the built page: they are for its readers here, not for phones.)
 */
export function bootScreenFiles(): Plugin {
  let base = '/';
  return {
    name: 'lms-boot-screen-files',
    apply: 'build',
    configResolved: (config) => void (base = config.base),
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle = {} }) {
        const chunks = new Map(
          Object.values(bundle).flatMap((output) =>
            output.type === 'chunk' ? [[output.fileName, output] as const] : [],
          ),
        );
        const closure = (fileName: string, seen = new Set<string>()): Set<string> => {
          if (seen.has(fileName)) return seen;
          seen.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, seen);
          return seen;
        };
        const chunkList = [...chunks.values()];
        const dynamicEntry = (module: RegExp) =>
          chunkList.find(
            (chunk) => chunk.isDynamicEntry && module.test(chunk.facadeModuleId ?? ''),
          );
        const entry = chunkList.find((chunk) => chunk.isEntry);
        const shellChunk = dynamicEntry(SHELL_CHUNK_MODULE);
        const landing = dynamicEntry(LANDING_MODULE);
        if (!entry || !shellChunk || !landing) {
          throw new Error('the build has no chunk for src/app/shell-chunk.ts or the news screen');
        }
        const loaded = closure(entry.fileName);
        const filesOf = (modules: Iterable<string>) => {
          const needed = [...modules].filter((file) => !loaded.has(file));
          const css = new Set(
            needed.flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]),
          );
          return [...needed, ...css].map((file) => base + file).join(' ');
        };
        const shellChunkFiles = closure(shellChunk.fileName);
        const firstScreenFiles = closure(landing.fileName, new Set(shellChunkFiles));
        const translations = BOOT_LANGUAGES.map(([language]) => {
          const files = FIRST_SCREEN_NAMESPACES.flatMap((namespace) => {
            const source = `/i18n/src/locales/${language}/${namespace}.json`;
            const chunk = chunkList.find((candidate) =>
              candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(source),
            );
            if (!chunk) throw new Error(`the build has no chunk for ${source}`);
            return [...closure(chunk.fileName)];
          });
          return ` data-first-screen-${language}="${filesOf(files)}"`;
        });
        const bootScript = '<script id="boot-script"';
        if (!html.includes(bootScript)) throw new Error(`index.html has no ${bootScript}>`);
        const stylesheet = html.match(/\s*<link rel="stylesheet"[^>]*>/);
        if (!stylesheet) throw new Error('index.html has no entry stylesheet to move');
        return html
          .replace(/\s*<!--[\s\S]*?-->/g, '')
          .replace(stylesheet[0], '')
          .replace('</body>', `  ${stylesheet[0].trim()}\n  </body>`)
          .replace(
            bootScript,
            `${bootScript} data-shell-chunk="${filesOf(shellChunkFiles)}" ` +
              `data-first-screen="${filesOf(firstScreenFiles)}"${translations.join('')}`,
          );
      },
    },
  };
}
