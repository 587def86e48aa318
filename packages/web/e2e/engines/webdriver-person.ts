import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Key, type WebDriver, type WebElement } from 'selenium-webdriver';
import { Person, until, type Action, type Downloaded, type FilePayload } from './person';
import type { Reading } from './person';
import { describe, findTargets, forPage, type Target } from './targets';

// The steps in a browser driven through W3C WebDriver (WebKitGTK's WebKitWebDriver): targets are
// found by `findTargets` run in the page, and an action waits for its one element as Playwright's
// do: it is tried again until it takes, within the same wait as every look.

/** The finder as the page runs it: `arguments` are the target and whether file inputs count. */
const FIND = `return (${findTargets.toString()})(arguments[0], arguments[1]);`;

/**
 * Runs a function given as its source with what it is given (the element first, for `evaluateOn`),
 * and hands back its value or its error. The source is part of the script WebDriver runs, which the
 * page's Content-Security-Policy does not govern (an eval in the page would be refused).
 */
const run = (source: string) => `const done = arguments[arguments.length - 1];
const given = [...arguments].slice(0, -1);
const fn = (${source});
Promise.resolve()
  .then(() => fn(...given))
  .then((value) => done({ value }), (error) => done({ error: String((error && error.stack) || error) }));`;

type Outcome<R> = { value: R } | { error: string };

export class WebDriverPerson extends Person {
  private readonly files = mkdtempSync(join(tmpdir(), 'lms-webdriver-files-'));
  /** What the window adds around the page (the browser's toolbar), measured at the first resize. */
  private chrome: { width: number; height: number } | undefined;

  constructor(
    readonly engine: string,
    private readonly driver: WebDriver,
    private readonly baseURL: string,
  ) {
    super();
  }

  private find(target: Target, files = false): Promise<WebElement[]> {
    return this.driver.executeScript<WebElement[]>(FIND, forPage(target), files);
  }

  /** The one element `target` finds, once there is exactly one. */
  private async one(target: Target, files = false): Promise<WebElement> {
    let element: WebElement | undefined;
    await until(async () => {
      const found = await this.find(target, files);
      if (found.length === 1) {
        element = found[0];
        return undefined;
      }
      return `${this.engine}: ${found.length} shown of ${describe(target)}, not one`;
    });
    return element!;
  }

  async open(path: string) {
    await this.driver.get(new URL(path, this.baseURL).href);
  }
  async reload() {
    await this.driver.navigate().refresh();
  }
  async address() {
    const url = new URL(await this.driver.getCurrentUrl());
    return url.pathname + url.search;
  }

  async viewport(width: number, height: number) {
    const window = this.driver.manage().window();
    const inner = () =>
      this.driver.executeScript<[number, number]>('return [innerWidth, innerHeight]');
    if (!this.chrome) {
      const [[innerWidth, innerHeight], outer] = await Promise.all([inner(), window.getRect()]);
      this.chrome = { width: outer.width - innerWidth, height: outer.height - innerHeight };
    }
    await window.setRect({ width: width + this.chrome.width, height: height + this.chrome.height });
    // The page learns its new size a moment after the window has it.
    await until(async () => {
      const [shownWidth, shownHeight] = await inner();
      return shownWidth === width && shownHeight === height
        ? undefined
        : `${this.engine}: the page is ${shownWidth}×${shownHeight} px, not ${width}×${height}`;
    });
  }

  async act(target: Target, action: Action) {
    await until(async () => {
      const element = await this.one(target);
      await this.driver.executeScript(
        'arguments[0].scrollIntoView({ block: "center", inline: "nearest" })',
        element,
      );
      if ('click' in action) {
        await element.click();
      } else if ('fill' in action) {
        await element.click();
        if (await element.getAttribute('value')) {
          await element.sendKeys(Key.chord(Key.CONTROL, 'a'), Key.BACK_SPACE);
        }
        await element.sendKeys(action.fill);
        const value = await element.getAttribute('value');
        if (value !== action.fill)
          return `${this.engine}: typed "${action.fill}", reads "${value}"`;
      } else {
        // WebDriver chooses an option by clicking it, as a person picks it from the list.
        const options = await element.findElements({ css: 'option' });
        const texts = await Promise.all(options.map((option) => option.getText()));
        const index = texts.findIndex((text) => text.trim() === action.select);
        if (index === -1)
          return `${this.engine}: no option "${action.select}" in ${describe(target)}`;
        await options[index]!.click();
        if (!(await options[index]!.isSelected()))
          return `${this.engine}: "${action.select}" not chosen`;
      }
      return undefined;
    });
  }

  read(target: Target, reading: Reading) {
    return this.driver.executeScript<(string | null)[]>(
      `${FIND.replace('return ', 'const found = ')}
       const what = arguments[2];
       return found.map((element) => what === 'text' ? element.textContent
         : what === 'value' ? element.value : element.getAttribute(what.attribute));`,
      forPage(target),
      false,
      reading,
    );
  }

  private async run<R>(source: string, arg: unknown, element?: WebElement): Promise<R> {
    const given = element === undefined ? [arg] : [element, arg];
    const outcome = await this.driver.executeAsyncScript<Outcome<R>>(run(source), ...given);
    if ('error' in outcome) throw new Error(`${this.engine}, in the page: ${outcome.error}`);
    return outcome.value;
  }

  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return this.run<R>(fn.toString(), arg);
  }
  async evaluateOn<R, A>(
    target: Target,
    fn: (element: Element, arg: A) => R | Promise<R>,
    arg: A,
  ): Promise<R> {
    return this.run<R>(fn.toString(), arg, await this.one(target));
  }

  async attach(target: Target, files: readonly FilePayload[]) {
    const folder = mkdtempSync(join(this.files, 'attach-'));
    const paths = files.map((file) => {
      const path = join(folder, file.name);
      writeFileSync(path, file.buffer);
      return path;
    });
    // A file input takes the paths of the files it is given, one a line.
    await (await this.one(target, true)).sendKeys(paths.join('\n'));
  }

  /**
   * WebDriver has no downloads: the page itself reads what its link points at, with its own
   * session, as the browser would save it (the link's download name, else the server's).
   */
  async download(target: Target): Promise<Downloaded> {
    const taken = await this.evaluateOn(
      target,
      async (element) => {
        const link = element.closest('a[href]') as HTMLAnchorElement | null;
        if (!link) throw new Error('not a link: nothing to download');
        const answer = await fetch(link.href, { credentials: 'same-origin' });
        if (!answer.ok) throw new Error(`${link.href} answered ${answer.status}`);
        const named = /filename\*?=(?:UTF-8'')?"?([^";]+)/i.exec(
          answer.headers.get('Content-Disposition') ?? '',
        );
        const bytes = new Uint8Array(await answer.arrayBuffer());
        let binary = '';
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return {
          name: link.download || (named ? decodeURIComponent(named[1]!) : ''),
          base64: btoa(binary),
        };
      },
      null,
    );
    return { name: taken.name, bytes: Buffer.from(taken.base64, 'base64') };
  }

  async screenshot() {
    return Buffer.from(await this.driver.takeScreenshot(), 'base64');
  }

  /** Cookies for the portal's origin, as a signed-in browser holds them. */
  async addCookies(
    cookies: readonly { name: string; value: string; path: string; httpOnly: boolean }[],
  ) {
    // WebDriver sets cookies for the page's own origin: a small answer of the portal's first.
    await this.open('/config.json');
    for (const cookie of cookies) {
      await this.driver.manage().addCookie({
        name: cookie.name,
        value: cookie.value,
        path: cookie.path,
        httpOnly: cookie.httpOnly,
      });
    }
  }

  async close() {
    try {
      await this.driver.quit();
    } finally {
      rmSync(this.files, { recursive: true, force: true });
    }
  }
}
