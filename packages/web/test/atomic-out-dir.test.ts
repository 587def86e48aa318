import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { atomicOutDir, partialDirOf } from '../scripts/atomic-out-dir';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'lms-build-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** The hooks of the plugin as Vite calls them, in the order of a build. */
function build(plugin: Plugin) {
  const call = (hook: unknown, ...args: unknown[]) => {
    const handler = typeof hook === 'function' ? hook : (hook as { handler: unknown }).handler;
    return (handler as (...a: unknown[]) => unknown).call({}, ...args);
  };
  return {
    config: () =>
      call(plugin.config, { root, build: { outDir: 'dist' } }, {}) as {
        build: { outDir: string };
      },
    writeBundle: () => call(plugin.writeBundle, {}, {}),
    buildEnd: (error?: Error) => call(plugin.buildEnd, error),
    closeBundle: (error?: Error) => call(plugin.closeBundle, error),
  };
}

/** A finished build of a portal in `dir`: its page and its service worker. */
function writePortal(dir: string, version: string) {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), version);
  writeFileSync(join(dir, 'assets', `app-${version}.js`), version);
  writeFileSync(join(dir, 'sw.js'), version);
}

const dist = () => join(root, 'dist');
const files = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();

describe('a build of the portal', () => {
  it('writes beside dist/ and replaces it whole once it has finished', () => {
    writePortal(dist(), 'old');
    const steps = build(atomicOutDir());
    const { outDir } = steps.config().build;
    expect(outDir).toBe(partialDirOf(dist(), process.pid));

    writePortal(outDir, 'new');
    // Still writing: whoever serves dist/ serves the last whole build.
    expect(files(dist())).toEqual(['assets', 'assets/app-old.js', 'index.html', 'sw.js']);
    steps.writeBundle();
    steps.closeBundle();

    expect(files(dist())).toEqual(['assets', 'assets/app-new.js', 'index.html', 'sw.js']);
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('leaves the last whole build in dist/ when it fails or is stopped before the end', () => {
    writePortal(dist(), 'old');
    const failing = build(atomicOutDir());
    writePortal(failing.config().build.outDir, 'new');
    failing.buildEnd(new Error('a module failed to compile'));
    failing.closeBundle(new Error('a module failed to compile'));
    expect(files(dist())).toContain('assets/app-old.js');

    // A plugin before this one failed after the files were written (no service worker).
    const halfWritten = build(atomicOutDir());
    halfWritten.config();
    halfWritten.writeBundle();
    halfWritten.closeBundle(new Error('no service worker in dist'));
    expect(files(dist())).toContain('assets/app-old.js');

    // Stopped before anything was written: closeBundle never comes.
    const stopped = build(atomicOutDir());
    stopped.config();
    expect(files(dist())).toContain('assets/app-old.js');
  });

  it('deletes what a killed build left behind, never a build that still runs', () => {
    writePortal(dist(), 'old');
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    const killed = partialDirOf(dist(), gone);
    writePortal(killed, 'killed');
    const running = partialDirOf(dist(), process.ppid);
    writePortal(running, 'running');

    const steps = build(atomicOutDir());
    const { outDir } = steps.config().build;
    expect(existsSync(killed)).toBe(false);
    expect(existsSync(running)).toBe(true);
    writePortal(outDir, 'new');
    steps.writeBundle();
    steps.closeBundle();
    expect(files(dist())).toContain('assets/app-new.js');
  });
});
