import { existsSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** How often a swap is tried again when another build took the output folder's place meanwhile. */
const SWAP_ATTEMPTS = 5;

/** The folder a build of process `pid` writes into, beside the output folder it will replace. */
export const partialDirOf = (outDir: string, pid: number) => `${outDir}-partial-${pid}`;

/** Where the output folder a finished build replaces goes for a moment, to be deleted. */
const previousDirOf = (outDir: string, pid: number) => `${outDir}-previous-${pid}`;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What builds that were stopped or killed left beside the output folder: their pids are gone. */
function removeLeftovers(outDir: string): void {
  const parent = dirname(outDir);
  if (!existsSync(parent)) return;
  const name = basename(outDir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const leftover = new RegExp(`^${name}-(?:partial|previous)-(\\d+)$`);
  for (const entry of readdirSync(parent)) {
    const pid = Number(leftover.exec(entry)?.[1]);
    if (pid && pid !== process.pid && !isRunning(pid)) {
      rmSync(join(parent, entry), { recursive: true, force: true });
    }
  }
}

/** The finished build takes the output folder's place: two renames, the old folder deleted. */
function promote(partial: string, outDir: string): void {
  const previous = previousDirOf(outDir, process.pid);
  for (let attempt = 1; ; attempt++) {
    try {
      if (existsSync(outDir)) renameSync(outDir, previous);
      renameSync(partial, outDir);
      break;
    } catch (error) {
      // Another build finished between the two renames: its folder goes the same way.
      const code = (error as NodeJS.ErrnoException).code;
      const taken = code === 'ENOTEMPTY' || code === 'EEXIST' || code === 'ENOENT';
      if (!taken || attempt >= SWAP_ATTEMPTS) throw error;
      rmSync(previous, { recursive: true, force: true });
    }
  }
  rmSync(previous, { recursive: true, force: true });
}

/**
 * A build is never left half written: Vite writes into a folder of this build's own beside the
 * output folder (`dist-partial-<pid>`), and only a build that finished (the service worker written
 * and compressed by the plugins before this one) takes the output folder's place. A build that
 * fails, is cancelled (turbo stopping its other tasks when a test fails, Ctrl-C) or is killed
 * leaves the last whole build where it was, so `pnpm start`, the journeys and the deploy tests
 * never serve a portal without its service worker; the next build deletes what it left behind.
 * Builds run side by side each write their own folder. Put it last: its closeBundle runs after
 * every other plugin's.
 */
export function atomicOutDir(): Plugin {
  let outDir = '';
  let partial = '';
  let written = false;
  let failed = false;
  return {
    name: 'lms-atomic-out-dir',
    apply: 'build',
    config(config) {
      const root = resolve(config.root ?? process.cwd());
      outDir = resolve(root, config.build?.outDir ?? 'dist');
      partial = partialDirOf(outDir, process.pid);
      removeLeftovers(outDir);
      return { build: { outDir: partial, emptyOutDir: true } };
    },
    buildEnd(error) {
      if (error) failed = true;
    },
    renderError() {
      failed = true;
    },
    writeBundle() {
      written = true;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler(error?: Error) {
        if (error || failed || !written) return;
        promote(partial, outDir);
      },
    },
  };
}
