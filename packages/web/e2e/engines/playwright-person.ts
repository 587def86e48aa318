import { readFile } from 'node:fs/promises';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { ASYNC_UTIL_TIMEOUT_MS } from '../../../../vitest.shared.ts';
import { Person, type Action, type Downloaded, type FilePayload, type Reading } from './person';
import { findTargets, forPage, type Target } from './targets';

/** The steps in a browser Playwright drives: Chromium, Firefox, or Playwright's own WebKit. */
export class PlaywrightPerson extends Person {
  /**
   * @param typesKeys Whether text is typed key by key. Over WebDriver BiDi (Debian's Firefox),
   *   Playwright 1.64 types a letter its keyboard does not have (Cyrillic) without key events, as a
   *   change React's controlled fields do not see, and its `fill` likewise: there the text is put
   *   in the field as the platform's editing does (the element's own value setter, then `input`),
   *   which React sees as a change.
   */
  constructor(
    readonly engine: string,
    private readonly context: BrowserContext,
    private readonly page: Page,
    private readonly typesKeys: boolean,
  ) {
    super();
  }

  /** The elements `target` finds, by Playwright's own locators; only shown ones unless `files`. */
  private locate(target: Target, files = false): Locator {
    const scope = target.within ? this.locate(target.within) : this.page;
    const exact = (name: unknown) => (typeof name === 'string' ? true : undefined);
    let found =
      'role' in target
        ? scope.getByRole(target.role, {
            name: target.name,
            exact: exact(target.name),
            level: target.level,
          })
        : 'label' in target
          ? scope.getByLabel(target.label, { exact: exact(target.label) })
          : 'text' in target
            ? scope.getByText(target.text, { exact: exact(target.text) })
            : scope.getByTestId(target.testId);
    if (!files) found = found.filter({ visible: true });
    return target.nth === undefined ? found : found.nth(target.nth);
  }

  async open(path: string) {
    await this.page.goto(path);
  }
  async reload() {
    await this.page.reload();
  }
  async address() {
    const url = new URL(this.page.url());
    return url.pathname + url.search;
  }
  async viewport(width: number, height: number) {
    await this.page.setViewportSize({ width, height });
  }

  async act(target: Target, action: Action) {
    const element = this.locate(target);
    const timeout = ASYNC_UTIL_TIMEOUT_MS;
    if ('click' in action) {
      await element.click({ timeout });
    } else if ('fill' in action && this.typesKeys) {
      await element.click({ timeout });
      if (await element.inputValue({ timeout })) {
        await element.press('ControlOrMeta+A', { timeout });
        await element.press('Backspace', { timeout });
      }
      await element.pressSequentially(action.fill, { timeout });
    } else if ('fill' in action) {
      await element.click({ timeout });
      await element.evaluate((field: HTMLInputElement | HTMLTextAreaElement, text) => {
        const own = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value');
        own?.set?.call(field, text);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }, action.fill);
    } else {
      await element.selectOption({ label: action.select }, { timeout });
    }
  }

  /**
   * What is shown is read as in every engine: by `findTargets`, in the page. (Sent as an expression
   * the protocol compiles: an eval in the page would be refused by its Content-Security-Policy.)
   */
  read(target: Target, reading: Reading) {
    return this.page.evaluate<(string | null)[]>(
      `(${findTargets.toString()})(${JSON.stringify(forPage(target))}).map((element) => {
        const what = ${JSON.stringify(reading)};
        return what === 'text' ? element.textContent
          : what === 'value' ? element.value : element.getAttribute(what.attribute);
      })`,
    );
  }

  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return this.page.evaluate(fn as (arg: unknown) => R | Promise<R>, arg);
  }
  evaluateOn<R, A>(target: Target, fn: (element: Element, arg: A) => R | Promise<R>, arg: A) {
    return this.locate(target).evaluate(fn as (element: Element, arg: unknown) => R, arg);
  }

  async attach(target: Target, files: readonly FilePayload[]) {
    await this.locate(target, true).setInputFiles([...files], { timeout: ASYNC_UTIL_TIMEOUT_MS });
  }

  async download(target: Target): Promise<Downloaded> {
    const [file] = await Promise.all([
      this.page.waitForEvent('download', { timeout: ASYNC_UTIL_TIMEOUT_MS }),
      this.locate(target).click({ timeout: ASYNC_UTIL_TIMEOUT_MS }),
    ]);
    return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
  }

  screenshot() {
    return this.page.screenshot();
  }
  async close() {
    await this.context.close();
  }
}
