import { currentLanguage } from '@lms/i18n';

/** index.html's boot script, whose attributes list this build's files (vite.config.ts). */
const BOOT_SCRIPT_ID = 'boot-script';

let fetched: Promise<void> | undefined;

/**
 * The files the first screen after a login needs beyond the login page's own (the shell chunk, the
 * news screen, their stylesheets, and the translations they load with them in the current
 * language), as the build listed them in index.html; none where it did not (`pnpm dev`).
 */
function firstScreenFiles(): string[] {
  const data = document.getElementById(BOOT_SCRIPT_ID)?.dataset;
  const language = currentLanguage();
  const translations = data?.[`firstScreen${language[0]?.toUpperCase()}${language.slice(1)}`];
  return [data?.firstScreen, translations]
    .flatMap((list) => list?.split(' ') ?? [])
    .filter(Boolean);
}

/** Fetches one file at low priority, unless the page has asked for it already; never fails. */
function fetchLow(href: string): Promise<void> {
  const asked = [...document.head.querySelectorAll('link')].some(
    (link) => link.getAttribute('href') === href,
  );
  if (asked) return Promise.resolve();
  const link = document.createElement('link');
  // A module is preloaded at low priority (the import that runs it takes it from the page's
  // module map, in the credentials mode of Vite's imports: `crossorigin`); a stylesheet is
  // prefetched into the browser's cache, at the lowest priority (a style preload's is high).
  link.rel = href.endsWith('.css') ? 'prefetch' : 'modulepreload';
  link.setAttribute('crossorigin', '');
  link.setAttribute('fetchpriority', 'low');
  link.href = href;
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    document.head.append(link);
  });
}

/**
 * Fetches, at low priority and once per page, what the first screen after a login needs (see
 * `firstScreenFiles`), without running it: the login page calls it once it is shown and the
 * browser idles, so the time a person spends typing is spent on the network, and after the
 * sign-in only the sign-in call and the first screen's data cross it. Resolves once each file has
 * arrived (or failed: the import that needs it reports that).
 */
export function fetchFirstScreenAhead(): Promise<void> {
  fetched ??= (async () => {
    const arrived: Promise<void>[] = [];
    for (const file of firstScreenFiles()) {
      arrived.push(fetchLow(file));
      // One file a task: a person typing meanwhile is never held back by the whole list.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    await Promise.all(arrived);
  })();
  return fetched;
}
