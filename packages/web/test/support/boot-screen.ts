import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bootScreenTexts } from '../../scripts/boot-screen';

/** index.html as the source holds it. */
export const INDEX_HTML = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');

/** index.html with its boot screen's words filled in, as `pnpm dev` and the build serve it. */
export function servedIndexHtml(): string {
  const transform = bootScreenTexts().transformIndexHtml as (html: string) => string;
  return transform(INDEX_HTML);
}

const parsed = () => new DOMParser().parseFromString(servedIndexHtml(), 'text/html');

/** The boot script's element (its text and data attributes), not run. */
export function bootScriptElement(): HTMLScriptElement {
  const script = parsed().getElementById('boot-script');
  if (!(script instanceof HTMLScriptElement)) throw new Error('index.html has no #boot-script');
  return document.importNode(script, true);
}

/**
 * Runs the boot script as the parser would, with `dataset` as its build's attributes: a copy of
 * the element is the document's current script while it runs.
 */
export function runBootScript(dataset: Record<string, string> = {}): void {
  const script = bootScriptElement();
  Object.assign(script.dataset, dataset);
  document.head.append(script);
  Object.defineProperty(document, 'currentScript', { configurable: true, value: script });
  try {
    new Function(script.text)();
  } finally {
    Object.defineProperty(document, 'currentScript', { configurable: true, value: null });
  }
}

/** Puts index.html's boot screen (its login form, then an empty #root) into the document. */
export function showBootScreen(): HTMLElement {
  const source = parsed();
  const login = source.getElementById('boot-login');
  if (!login) throw new Error('index.html has no #boot-login');
  const imported = document.importNode(login, true);
  document.body.prepend(imported);
  return imported;
}

/** The boot screen's form and fields, as a test types into them. */
export function bootFields() {
  const field = (id: string) => {
    const element = document.getElementById(id);
    if (!(element instanceof HTMLInputElement)) throw new Error(`no #${id}`);
    return element;
  };
  const form = document.getElementById('boot-login-form');
  if (!(form instanceof HTMLFormElement)) throw new Error('no #boot-login-form');
  return { form, login: field('boot-login-name'), password: field('boot-password') };
}

/** Takes away what a case left of the boot screen and its script. */
export function clearBootScreen(): void {
  document.getElementById('boot-login')?.remove();
  for (const element of document.head.querySelectorAll('#boot-script, link')) element.remove();
  const html = document.documentElement;
  for (const name of ['lang', 'data-boot', 'data-boot-texts', 'data-theme']) {
    html.removeAttribute(name);
  }
  html.lang = 'ru';
}
