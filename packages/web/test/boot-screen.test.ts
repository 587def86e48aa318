// index.html's boot screen, before any of the portal's scripts has arrived: what its boot script
// decides from what the page knows (the `token` cookie, the path, the language and theme kept on
// the device), what its form does when typed into and sent, and its colours, which must be the
// design tokens' own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bootFields,
  clearBootScreen,
  INDEX_HTML,
  runBootScript,
  showBootScreen,
} from './support/boot-screen';

const html = document.documentElement;

function at(path: string): void {
  window.history.replaceState(null, '', path);
}

/** The boot script runs in <head>; the form and #root are parsed after it. */
async function parseBody(): Promise<void> {
  showBootScreen();
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  // The boot script's observer hears of the parsed elements before the next task (a paint).
  await Promise.resolve();
}

afterEach(() => {
  clearBootScreen();
  document.getElementById('root')?.remove();
  at('/');
});

describe("index.html's boot script decides what the first paint shows", () => {
  it.each([
    ['/lms/login', 'login'],
    ['/lms', 'login'],
    ['/lms/chat', 'login'],
    ['/', 'login'],
    ['/lms/offline', 'wait'],
  ])('without a session, at %s: %s', (path, boot) => {
    at(path);
    runBootScript();
    expect(html.dataset.boot).toBe(boot);
  });

  it('without a session and offline, at /: the loading ring (the offline page follows)', () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    at('/');
    runBootScript();
    expect(html.dataset.boot).toBe('wait');
  });

  it("with a session: the loading ring, and the shell chunk's files start with the framework's", () => {
    document.cookie = 'token=t-1; path=/';
    at('/lms/login');
    runBootScript({ shellChunk: '/lms/assets/shell-chunk-a.js /lms/assets/shell-chunk-b.css' });
    expect(html.dataset.boot).toBe('wait');
    const links = [...document.head.querySelectorAll('link')].map((link) => [
      link.rel,
      link.getAttribute('as'),
      link.getAttribute('href'),
      link.getAttribute('crossorigin'),
    ]);
    // `crossorigin` (anonymous), as Vite's own: a preload serves only a request of the same mode
    expect(links).toEqual([
      ['modulepreload', null, '/lms/assets/shell-chunk-a.js', ''],
      ['preload', 'style', '/lms/assets/shell-chunk-b.css', ''],
    ]);
  });

  it('a visitor fetches nothing ahead at the start', () => {
    at('/lms/login');
    runBootScript({ shellChunk: '/lms/assets/shell-chunk-a.js' });
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
  });

  it('takes the light theme kept on the device before the first paint', () => {
    localStorage.setItem('theme', 'light');
    at('/lms/login');
    runBootScript();
    expect(html.dataset.theme).toBe('light');
  });

  it('speaks Russian when no language is kept', async () => {
    at('/lms/login');
    runBootScript();
    await parseBody();
    expect(html.lang).toBe('ru');
    expect(html.dataset.bootTexts).toBeUndefined();
    expect(document.querySelector('label[for="boot-login-name"]')?.textContent).toBe('Логин');
    expect(document.querySelector('#boot-login h1')?.textContent).toBe('Вход в личный кабинет');
  });

  it.each([
    [
      'the lang cookie',
      () => void (document.cookie = 'lang=kg; path=/'),
      'ky',
      'Колдонуучунун аты',
    ],
    ['local storage', () => localStorage.setItem('lang', 'en'), 'en', 'Username'],
  ])(
    'speaks the language kept in %s, its words put in before the form is shown',
    async (_where, keep, tag, loginLabel) => {
      keep();
      at('/lms/login');
      runBootScript();
      expect(html.lang).toBe(tag);
      // hidden until its words are in
      expect(html.dataset.bootTexts).toBe('');
      await parseBody();
      expect(html.dataset.bootTexts).toBeUndefined();
      expect(document.querySelector('label[for="boot-login-name"]')?.textContent).toBe(loginLabel);
      const submit = document.querySelector('#boot-login-form button[type="submit"]');
      expect(submit?.textContent).not.toMatch(/Войти/);
      document.cookie = 'lang=; Max-Age=0; path=/';
    },
  );
});

describe("index.html's login form before the scripts", () => {
  it('remembers a press of Войти and sends nothing: the page stays, the fields have no names', async () => {
    at('/lms/login');
    runBootScript();
    await parseBody();
    const { form, login, password } = bootFields();
    expect(login.name).toBe('');
    expect(password.name).toBe('');
    login.value = 'student';
    password.value = 'Student1';
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(form.hasAttribute('data-sent')).toBe(true);
    expect(window.location.pathname).toBe('/lms/login');
    expect(window.location.search).toBe('');
  });

  it('shows and hides the password with its toggle', async () => {
    at('/lms/login');
    runBootScript();
    await parseBody();
    const { password } = bootFields();
    const toggle = document.getElementById('boot-password-toggle');
    if (!toggle) throw new Error('no password toggle');
    toggle.click();
    expect(password.type).toBe('text');
    expect(toggle.hasAttribute('data-shown')).toBe(true);
    toggle.click();
    expect(password.type).toBe('password');
    expect(toggle.hasAttribute('data-shown')).toBe(false);
  });
});

/** The custom properties a CSS block sets, by name, their values with whitespace normalised. */
function propertiesOf(css: string, selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`no ${selector} block`);
  const block = css.slice(start + selector.length + 2, css.indexOf('\n}', start) + 1);
  const body = block.slice(0, block.search(/\n\s*}/));
  const properties = new Map<string, string>();
  for (const [, name = '', value = ''] of body.matchAll(
    /(--[\w-]+|color-scheme)\s*:\s*([^;]+);/g,
  )) {
    properties.set(name, value.replace(/\s+/g, ' ').replace(/\(\s+/g, '(').replace(/\s+\)/g, ')'));
  }
  return properties;
}

describe("the boot screen's colours", () => {
  const tokens = readFileSync(
    join(import.meta.dirname, '..', 'src', 'styles', 'tokens.css'),
    'utf8',
  );
  const style = INDEX_HTML.slice(INDEX_HTML.indexOf('<style>'), INDEX_HTML.indexOf('</style>'));
  const inline = style.replace(/^ {6}/gm, '');

  it.each([
    ['dark', ':root'],
    ['light', ":root[data-theme='light']"],
  ])('are the design tokens of the %s theme', (_theme, selector) => {
    const own = propertiesOf(inline, selector);
    const design = propertiesOf(tokens, selector);
    expect(own.size).toBeGreaterThan(5);
    for (const [name, value] of own) expect([name, value]).toEqual([name, design.get(name)]);
  });
});
