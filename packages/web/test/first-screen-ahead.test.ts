// What the login page fetches while the person types: the files the build listed in index.html's
// boot script for the first screen after the sign-in, at low priority, each once, in the language
// the page speaks.
import { changeLanguage } from '@lms/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';

const SCRIPT_ID = 'boot-script';

/** index.html's boot script as a build leaves it: its file lists in data attributes. */
function bootScript(dataset: Record<string, string>) {
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  Object.assign(script.dataset, dataset);
  document.head.append(script);
}

/** The links the page has added to <head>, as [rel, as, href, crossorigin, fetchpriority]. */
const links = () =>
  [...document.head.querySelectorAll('link')].map((link) => [
    link.rel,
    link.getAttribute('as'),
    link.getAttribute('href'),
    link.getAttribute('crossorigin'),
    link.getAttribute('fetchpriority'),
  ]);

/** Each link as the browser would answer it: loaded. */
function loadEveryLink(): () => void {
  const observer = new MutationObserver(() => {
    for (const link of document.head.querySelectorAll('link:not([data-loaded])')) {
      link.setAttribute('data-loaded', '');
      setTimeout(() => link.dispatchEvent(new Event('load')), 0);
    }
  });
  observer.observe(document.head, { childList: true });
  return () => observer.disconnect();
}

afterEach(async () => {
  document.head.querySelectorAll(`#${SCRIPT_ID}, link`).forEach((element) => element.remove());
  await changeLanguage('ru');
  vi.resetModules();
});

describe('fetchFirstScreenAhead', () => {
  it("fetches the build's list at low priority, modules preloaded and stylesheets prefetched, with the page's language's translations", async () => {
    await changeLanguage('en');
    bootScript({
      firstScreen: '/lms/assets/shell-chunk-a.js /lms/assets/news-b.js /lms/assets/news-c.css',
      firstScreenRu: '/lms/assets/apps-ru.js',
      firstScreenEn: '/lms/assets/apps-en.js',
    });
    const stop = loadEveryLink();
    const { fetchFirstScreenAhead } = await import('../src/app/first-screen-ahead');
    await fetchFirstScreenAhead();
    stop();
    expect(links()).toEqual([
      ['modulepreload', null, '/lms/assets/shell-chunk-a.js', '', 'low'],
      ['modulepreload', null, '/lms/assets/news-b.js', '', 'low'],
      ['prefetch', null, '/lms/assets/news-c.css', '', 'low'],
      ['modulepreload', null, '/lms/assets/apps-en.js', '', 'low'],
    ]);
  });

  it('fetches each file once: not again when asked again, nor one the page asked for already', async () => {
    bootScript({ firstScreen: '/lms/assets/shell-chunk-a.js /lms/assets/news-b.js' });
    const already = document.createElement('link');
    already.rel = 'modulepreload';
    already.href = '/lms/assets/shell-chunk-a.js';
    document.head.append(already);
    const stop = loadEveryLink();
    const { fetchFirstScreenAhead } = await import('../src/app/first-screen-ahead');
    await Promise.all([fetchFirstScreenAhead(), fetchFirstScreenAhead()]);
    await fetchFirstScreenAhead();
    stop();
    expect(links().map(([, , href]) => href)).toEqual([
      '/lms/assets/shell-chunk-a.js',
      '/lms/assets/news-b.js',
    ]);
  });

  it('fetches nothing where the build listed nothing (the dev server)', async () => {
    const { fetchFirstScreenAhead } = await import('../src/app/first-screen-ahead');
    await fetchFirstScreenAhead();
    expect(links()).toEqual([]);
  });
});
