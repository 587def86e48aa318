#!/usr/bin/env node
// `pnpm start`: the portal served by the mock server, from a fresh clone too. Installs the
// dependencies when they are missing or older than the lockfile, builds the portal and the mock
// server (turbo replays an unchanged build), then runs the mock server in the foreground with the
// arguments given (`pnpm start --port 9000`). Plain Node: it runs before `pnpm install`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

/** Runs a command in the repository, stopping `pnpm start` if it fails. */
function step(command, args) {
  const { status, signal } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? (signal ? 1 : 0));
}

// pnpm writes node_modules/.modules.yaml last: without it, or older than the lockfile, install.
const installed = at('node_modules/.modules.yaml');
if (
  !existsSync(installed) ||
  statSync(installed).mtimeMs < statSync(at('pnpm-lock.yaml')).mtimeMs
) {
  step('pnpm', ['install', '--frozen-lockfile']);
}

step('pnpm', [
  'exec',
  'turbo',
  'run',
  'build',
  '--filter=@lms/mock-server',
  '--filter=@lms/web',
  '--output-logs=errors-only',
]);

const server = spawn(
  process.execPath,
  [
    at('packages/mock-server/dist/main.js'),
    '--web-root',
    at('packages/web/dist'),
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit' },
);
// Ctrl+C reaches the server too (same terminal); it ends pnpm start when it ends.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
