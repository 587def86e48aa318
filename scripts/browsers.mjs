#!/usr/bin/env node
// The browsers the journeys run in, found or installed by one script that `pnpm test` runs first
// and `.ci/run` uses to install them: a test run without one stops at once, naming this script's
// install command, instead of failing deep inside a journey. Plain Node, no dependency: it runs on a
// fresh clone before `pnpm install`.
//
//   node scripts/browsers.mjs            says which browser each engine uses; fails if one is missing
//   node scripts/browsers.mjs --install  installs what is missing (Debian: apt-get; elsewhere:
//                                        Playwright's own browsers), then checks again
//
// Each engine takes the system's browser where there is one (what CI installs) and Playwright's own
// build otherwise (a developer's laptop):
//   Chromium  Debian's chromium                              | Playwright's Chromium
//   Firefox   Debian's firefox-esr, driven over WebDriver BiDi | Playwright's Firefox
//   WebKit    WebKitGTK's WebKitWebDriver under Xvfb         | Playwright's WebKit
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Debian's packages for the three engines (and the fonts the screens are drawn in). */
const DEBIAN_PACKAGES = [
  'chromium',
  'chromium-headless-shell',
  'firefox-esr',
  'webkit2gtk-driver',
  'xvfb',
  'fonts-noto-core',
];

const INSTALL_COMMAND = 'node scripts/browsers.mjs --install';

const SYSTEM = {
  chromium: ['/usr/bin/chromium', '/usr/bin/chromium-browser'],
  // Chromium's headless shell (the same Blink without the browser's window, GPU process and UI):
  // CI's journeys take about a fifth less CPU in it than in the full browser.
  chromiumHeadlessShell: ['/usr/lib/chromium/chromium-headless-shell'],
  firefox: ['/usr/bin/firefox-esr'],
  webkitDriver: ['/usr/bin/WebKitWebDriver'],
  xvfb: ['/usr/bin/Xvfb'],
};

const firstExisting = (paths) => paths.find((path) => existsSync(path));

/**
 * Playwright's own build of `name`, where it has been installed (`playwright install`), as the
 * journeys' Playwright (the web package's) names it.
 */
function playwrightBuild(name) {
  try {
    const require = createRequire(new URL('../packages/web/package.json', import.meta.url));
    const path = require('@playwright/test')[name].executablePath();
    return existsSync(path) ? path : undefined;
  } catch {
    // no node_modules yet, or no such build
    return undefined;
  }
}

/**
 * What each engine runs in: `system` (the machine's browser, the path given) or `playwright`
 * (Playwright's own build), or `missing` with what it lacks.
 */
export function findBrowsers() {
  const chromium = firstExisting(SYSTEM.chromium);
  const firefox = firstExisting(SYSTEM.firefox);
  const webkitDriver = firstExisting(SYSTEM.webkitDriver);
  const xvfb = firstExisting(SYSTEM.xvfb);
  const own = (name) => {
    const path = playwrightBuild(name);
    return path ? { kind: 'playwright', path } : undefined;
  };
  const missing = (what) => ({ kind: 'missing', what });
  return {
    chromium: chromium
      ? {
          kind: 'system',
          path: chromium,
          headlessShell: firstExisting(SYSTEM.chromiumHeadlessShell),
        }
      : (own('chromium') ?? missing('chromium')),
    firefox: firefox
      ? { kind: 'system', path: firefox }
      : (own('firefox') ?? missing('firefox-esr')),
    webkit:
      webkitDriver && xvfb
        ? { kind: 'system', path: webkitDriver }
        : (own('webkit') ??
          missing(
            [!webkitDriver && 'WebKitWebDriver (webkit2gtk-driver)', !xvfb && 'Xvfb (xvfb)']
              .filter(Boolean)
              .join(' and '),
          )),
  };
}

function report(browsers) {
  const lines = Object.entries(browsers).map(
    ([engine, found]) =>
      `  ${engine.padEnd(9)}${found.kind === 'missing' ? `missing: ${found.what}` : `${found.kind === 'system' ? '' : "Playwright's own, "}${found.path}`}` +
      (found.headlessShell ? ` (in CI: ${found.headlessShell})` : ''),
  );
  return lines.join('\n');
}

const run = (command, args) => {
  console.log(`$ ${[command, ...args].join(' ')}`);
  execFileSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
};

const hasAptGet = () =>
  spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

function install() {
  if (hasAptGet()) {
    const root = process.getuid?.() === 0;
    const asRoot = (args) => (root ? run(args[0], args.slice(1)) : run('sudo', args));
    asRoot(['apt-get', 'update', '-qq']);
    asRoot(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...DEBIAN_PACKAGES]);
  } else {
    // No Debian: Playwright's own builds of the three engines.
    run('pnpm', [
      '--filter',
      '@lms/web',
      'exec',
      'playwright',
      'install',
      'chromium',
      'firefox',
      'webkit',
    ]);
  }
}

function main() {
  const installing = process.argv.includes('--install');
  let browsers = findBrowsers();
  let missing = Object.values(browsers).some((found) => found.kind === 'missing');
  // The headless shell is not required, but CI (Debian) installs it with the rest.
  const withoutShell = browsers.chromium.kind === 'system' && !browsers.chromium.headlessShell;
  if (installing && (missing || (withoutShell && hasAptGet()))) {
    install();
    browsers = findBrowsers();
    missing = Object.values(browsers).some((found) => found.kind === 'missing');
  }
  if (missing) {
    console.error(
      `The journeys run in Chromium, Firefox and WebKit; not every browser is here:\n${report(browsers)}`,
    );
    console.error(`\nInstall them with:\n\n  ${INSTALL_COMMAND}\n`);
    process.exit(1);
  }
  console.log(`Browsers for the journeys:\n${report(browsers)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
