import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, type WebDriver } from 'selenium-webdriver';
import { freePort, supervise } from '../../../../deploy/src/nginx';

// WebKit where Playwright's own build cannot be had: WebKitGTK's WebKitWebDriver (Debian's
// webkit2gtk-driver) drives its MiniBrowser on a virtual screen (Xvfb) of the worker's own. There
// is no window manager, so nothing decorates or constrains the window; a GTK style sheet of the
// driver's own shrinks the browser's toolbar, whose buttons and address field would otherwise keep
// the window wider than a phone (447 px). Each journey has a session (a fresh private browser).

/** The driver's program, where Debian and Fedora install it. */
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';

/** WebKitGTK's own browser, which the driver starts for a session. */
const MINI_BROWSER = [
  '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/lib/aarch64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
  '/usr/libexec/webkit2gtk-4.1/MiniBrowser',
].find((path) => existsSync(path));

/** The toolbar as small as GTK draws it: the window may then be as narrow as a phone. */
const SMALL_TOOLBAR =
  '* { font-size: 1px; min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; -gtk-icon-transform: scale(0.1); }\n';

export interface WebKitDriver {
  /** A new session: MiniBrowser on the driver's screen, its clock in `timeZone`. */
  newSession(timeZone: string): Promise<WebDriver>;
  stop(): Promise<void>;
}

export async function startWebKitDriver(): Promise<WebKitDriver> {
  const home = mkdtempSync(join(tmpdir(), 'lms-webkit-'));
  mkdirSync(join(home, 'gtk-3.0'));
  writeFileSync(join(home, 'gtk-3.0', 'gtk.css'), SMALL_TOOLBAR);

  // Xvfb names a free display itself and writes its number on the descriptor it is given.
  const screen = spawn(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1920x1200x24', '-nolisten', 'tcp'],
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] },
  );
  const screenRun = supervise(screen, 'SIGTERM');
  let driver: { url: string; alive: () => boolean; stderr: () => string; stop(): Promise<void> };
  const stop = async () => {
    await driver?.stop();
    await screenRun.stop();
    rmSync(home, { recursive: true, force: true });
  };

  /** The driver, on a free port, once it says it is ready for a session. */
  const startDriver = async (display: string) => {
    const port = await freePort();
    const child = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
      env: { ...process.env, DISPLAY: `:${display}`, XDG_CONFIG_HOME: home },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const run = supervise(child, 'SIGTERM');
    const started = {
      url: `http://127.0.0.1:${port}`,
      alive: () => child.exitCode === null && child.signalCode === null,
      stderr: run.stderr,
      stop: run.stop,
    };
    for (let waited = 0; ; waited += 50) {
      const ready = await fetch(`${started.url}/status`).then(
        async (answer) => ((await answer.json()) as { value?: { ready?: boolean } }).value?.ready,
        () => false,
      );
      if (ready) return started;
      if (!started.alive() || waited > 30_000) {
        await run.stop();
        throw new Error(`WebKitWebDriver did not start:\n${run.stderr()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  try {
    const display = await new Promise<string>((resolve, reject) => {
      screen.stdio[3]!.once('data', (data: Buffer) => resolve(data.toString().trim()));
      screen.once('exit', () => reject(new Error(`Xvfb did not start:\n${screenRun.stderr()}`)));
    });
    driver = await startDriver(display);
    return {
      async newSession(timeZone) {
        // A driver that has gone (it ends with a browser that crashed) is started again, saying so.
        if (!driver.alive()) {
          console.warn(
            `WebKitWebDriver had exited; starting it again. It said:\n${driver.stderr()}`,
          );
          driver = await startDriver(display);
        }
        const connect = () =>
          new Builder()
            .usingServer(driver.url)
            .withCapabilities({
              browserName: 'MiniBrowser',
              'webkitgtk:browserOptions': {
                ...(MINI_BROWSER && { binary: MINI_BROWSER }),
                args: ['--automation', `--time-zone=${timeZone}`],
              },
            })
            .build();
        try {
          return await connect();
        } catch (error) {
          // A driver that went away as the session began (its last browser crashing on a busy
          // machine) refuses the connection: it is started again once, saying so.
          if (!/ECONNREFUSED|ECONNRESET/.test(String(error))) throw error;
          console.warn(
            `WebKitWebDriver went away as a session began; starting it again. It said:\n${driver.stderr()}`,
          );
          await driver.stop();
          driver = await startDriver(display);
          return connect();
        }
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
