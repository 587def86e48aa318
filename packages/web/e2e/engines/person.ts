import { ASYNC_UTIL_TIMEOUT_MS } from '../../../../vitest.shared.ts';
import { describe, type Name, type Target } from './targets';

// The steps a journey takes in any engine, as a person takes them: open an address, reload, make
// the window a phone's or a desktop's, click, type, choose, attach files, download, and look at
// what is shown. Playwright's engines (Chromium, Firefox, WebKit where Playwright has it) and
// WebKit through its WebDriver each implement the few primitives; what is checked, and how long
// it is waited for, is written once here, so a journey means the same in every engine.

/** A file a journey attaches, made in memory. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A file the browser downloaded: its name and bytes. */
export interface Downloaded {
  name: string;
  bytes: Buffer;
}

/** What a journey reads of an element. */
export type Reading = 'text' | 'value' | { attribute: string };

/** The one thing an action does to the one element its target finds. */
export type Action = { click: true } | { fill: string } | { select: string };

/** A phone the journeys look at, and a desktop. */
export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/** Whitespace folded as the finders fold it (a narrow no-break space is a space). */
export const fold = (text: string) => text.replace(/\s+/g, ' ').trim();

const fits = (text: string, expected: Name) =>
  typeof expected === 'string' ? fold(text).includes(fold(expected)) : expected.test(fold(text));

/**
 * Asks `check` again every 100 ms until it returns nothing (passes) or the wait is over (the
 * suites' one wait unless told: something that comes after a backoff waits longer), then fails
 * with what it said last.
 */
export async function until(
  check: () => Promise<string | undefined>,
  wait = ASYNC_UTIL_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + wait;
  for (;;) {
    let problem: string | undefined;
    try {
      problem = await check();
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    if (problem === undefined) return;
    if (Date.now() > deadline) throw new Error(problem);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export abstract class Person {
  /** The engine, as the journey's messages name it. */
  abstract readonly engine: string;

  /** Opens a path of the portal and waits for its page to load. */
  abstract open(path: string): Promise<void>;
  abstract reload(): Promise<void>;
  /** The address's path and query. */
  abstract address(): Promise<string>;
  /** The page's viewport, in CSS pixels. */
  abstract viewport(width: number, height: number): Promise<void>;
  /** Does `action` to the one element `target` finds, waiting for it as a person would. */
  abstract act(target: Target, action: Action): Promise<void>;
  /** Reads each shown element `target` finds, once. */
  abstract read(target: Target, reading: Reading): Promise<(string | null)[]>;
  /** Runs `fn` in the page (it is sent as its source, so it names nothing outside itself). */
  abstract evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Runs `fn` on the one element `target` finds. */
  abstract evaluateOn<R, A>(
    target: Target,
    fn: (element: Element, arg: A) => R | Promise<R>,
    arg: A,
  ): Promise<R>;
  /** Puts files in the file input `target` finds (it may be hidden behind its label). */
  abstract attach(target: Target, files: readonly FilePayload[]): Promise<void>;
  /** Takes the file the link or button `target` finds gives. */
  abstract download(target: Target): Promise<Downloaded>;
  /** The page as it looks now (PNG). */
  abstract screenshot(): Promise<Buffer>;

  click(target: Target) {
    return this.act(target, { click: true });
  }
  /** Types `text` in place of what the field holds. */
  fill(target: Target, text: string) {
    return this.act(target, { fill: text });
  }
  /** Chooses the option of a select whose text is `label`. */
  select(target: Target, label: string) {
    return this.act(target, { select: label });
  }

  /**
   * The viewport at `width` (a phone is 844 px high, a desktop 800), and the portal's shell, where
   * the page has one, in the layout of that width: below 900 px the phone's, from it the desktop's.
   */
  async resize(width: number): Promise<void> {
    await this.viewport(width, width < 900 ? PHONE.height : DESKTOP.height);
    const layout = width < 899.92 ? 'mobile' : 'desktop';
    await until(async () => {
      const shown = await this.evaluate(
        () => document.querySelector('[data-layout]')?.getAttribute('data-layout') ?? null,
        null,
      );
      return shown === null || shown === layout
        ? undefined
        : `${this.engine}: the shell shows its ${shown} layout at ${width} px`;
    });
  }

  /** Waits until the address's path (and query) matches. */
  async reaches(path: RegExp): Promise<void> {
    await until(async () => {
      const now = await this.address();
      return path.test(now) ? undefined : `${this.engine}: at ${now}, not ${String(path)}`;
    });
  }

  /** One element `target` finds is shown (and reads `text`, whole or in part, where given). */
  async sees(target: Target, text?: Name, wait?: number): Promise<void> {
    await until(async () => {
      const shown = await this.read(target, 'text');
      if (shown.length !== 1) return this.counted(target, shown.length, 'one');
      if (text === undefined || fits(shown[0] ?? '', text)) return undefined;
      return `${this.engine}: ${describe(target)} reads "${fold(shown[0] ?? '')}", not ${String(text)}`;
    }, wait);
  }

  /** Nothing `target` finds is shown. */
  async seesNo(target: Target, wait?: number): Promise<void> {
    await this.counts(target, 0, wait);
  }

  /** `count` elements `target` finds are shown. */
  async counts(target: Target, count: number, wait?: number): Promise<void> {
    await until(async () => {
      const shown = await this.read(target, 'text');
      return shown.length === count ? undefined : this.counted(target, shown.length, String(count));
    }, wait);
  }

  /** The one field `target` finds holds `value`. */
  async holds(target: Target, value: string): Promise<void> {
    await this.reads(target, 'value', value);
  }

  /** The one element `target` finds has `attribute` set to `value`. */
  async has(target: Target, attribute: string, value: string): Promise<void> {
    await this.reads(target, { attribute }, value);
  }

  /** The text of the one element `target` finds, once it is shown. */
  async textOf(target: Target): Promise<string> {
    let text = '';
    await until(async () => {
      const shown = await this.read(target, 'text');
      if (shown.length !== 1) return this.counted(target, shown.length, 'one');
      text = fold(shown[0] ?? '');
      return undefined;
    });
    return text;
  }

  private async reads(target: Target, reading: Reading, expected: string): Promise<void> {
    await until(async () => {
      const shown = await this.read(target, reading);
      if (shown.length !== 1) return this.counted(target, shown.length, 'one');
      const what = typeof reading === 'string' ? reading : `attribute ${reading.attribute}`;
      return shown[0] === expected
        ? undefined
        : `${this.engine}: ${describe(target)} has ${what} "${shown[0]}", not "${expected}"`;
    });
  }

  private counted(target: Target, count: number, expected: string) {
    return `${this.engine}: ${count} shown of ${describe(target)}, not ${expected}`;
  }
}
