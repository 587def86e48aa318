import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, supervise, WORLD_ARGS } from '../../../deploy/src/nginx';

// The servers the journeys run against, started by the journeys themselves: each Playwright
// worker has a world of its own (a mock server behind the contract proxy), so journeys in
// different workers never see each other's writes, and a journey that needs a server of its own
// (a slow one, a build to redeploy) starts one beside it. Every server listens on a port the
// system gives out, so workers, reruns and side-by-side runs never meet on a port.

/** packages/web: where the built portal and the drift logs are named from. */
export const webPackage = fileURLToPath(new URL('..', import.meta.url));
const mockServerMain = fileURLToPath(new URL('../../mock-server/dist/main.js', import.meta.url));
const contractProxyMain = fileURLToPath(
  new URL('../../contract/dist/proxy/cli.js', import.meta.url),
);

/** The built portal the servers serve: E2E_WEB_ROOT (another build, side by side) or dist. */
export const webRoot = resolve(webPackage, process.env.E2E_WEB_ROOT ?? 'dist');

export interface Server {
  origin: string;
  stop(): Promise<void>;
}

/**
 * Starts `script` with `args(port)` on a free port and waits until `ready` (a path) answers 200.
 * A port taken between the choice and the listen makes the server exit: another port is tried.
 */
async function startOnFreePort(
  what: string,
  script: string,
  args: (port: number) => readonly string[],
  ready = '/config.json',
): Promise<Server> {
  if (!existsSync(script)) {
    throw new Error(
      `${script} is missing: pnpm --filter @lms/mock-server --filter @lms/contract build`,
    );
  }
  let lastError = '';
  for (let attempt = 1; attempt <= 3; attempt++) {
    const port = await freePort();
    const child = spawn(process.execPath, [script, ...args(port)], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    // Gone with the worker, however it ends; its error output kept for the message if it cannot
    // start (supervise), and going to the journey's as well.
    const { stop, stderr } = supervise(child, 'SIGTERM');
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    const origin = `http://127.0.0.1:${port}`;
    const started = Date.now();
    while (child.exitCode === null && Date.now() - started < 30_000) {
      const answered = await fetch(origin + ready).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) return { origin, stop };
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await stop();
    lastError = stderr();
  }
  throw new Error(`${what} did not start:\n${lastError}`);
}

/** A mock server serving `root` (the built portal by default) with the world's seed and clock. */
export function startMockServer(
  options: { root?: string; extraArgs?: readonly string[] } = {},
): Promise<Server> {
  return startOnFreePort('the mock server', mockServerMain, (port) => [
    ...['--port', String(port), '--web-root', options.root ?? webRoot],
    ...WORLD_ARGS,
    ...(options.extraArgs ?? []),
  ]);
}

export interface World {
  /** Where the browser goes: the contract proxy in front of the mock server. */
  baseURL: string;
  stop(): Promise<void>;
}

/**
 * A world for one worker: a mock server, and the contract proxy in front of it that appends every
 * request or answer breaking the contract to `driftLog` (e2e/contract-drift.ts fails the run on
 * any line there).
 */
export async function startWorld(driftLog: string): Promise<World> {
  const mock = await startMockServer();
  try {
    const proxy = await startOnFreePort('the contract proxy', contractProxyMain, (port) => [
      ...['--target', mock.origin, '--port', String(port), '--drift-log', driftLog],
    ]);
    // The proxy empties its log as it starts: a log that is not there was written elsewhere.
    if (!existsSync(driftLog)) {
      await proxy.stop();
      throw new Error(`the contract proxy wrote no log (${driftLog})`);
    }
    return {
      baseURL: proxy.origin,
      async stop() {
        await proxy.stop();
        await mock.stop();
      },
    };
  } catch (error) {
    await mock.stop();
    throw error;
  }
}
