// The container: the Dockerfile serves the portal with the very files the nginx test starts Debian's
// nginx with, compose.yaml wires the portal to the mock server, and, where a Docker daemon answers,
// the image is built and brought up with compose and asked for the portal and the API.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { freePort, REPO_ROOT, RULES_DIR, SITES } from '../src/nginx.js';
import { send } from './http.js';

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');

/** The Dockerfile's stages: name → its FROM image and instructions (continuations joined). */
function stages() {
  const lines = read('Dockerfile')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.trim().startsWith('#'));
  const found = new Map<string, { from: string; instructions: string[] }>();
  let current: { from: string; instructions: string[] } | undefined;
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) {
      current = { from: from[1] ?? '', instructions: [] };
      found.set(from[2] ?? from[1] ?? '', current);
    } else current?.instructions.push(line.trim());
  }
  return found;
}

interface Compose {
  services: Record<
    string,
    {
      build?: { context: string; target: string };
      environment?: Record<string, string>;
      ports?: string[];
      depends_on?: Record<string, { condition: string }>;
    }
  >;
}

describe('the Dockerfile and compose.yaml', () => {
  it('serves the portal from the official nginx image with the tested recipe files', () => {
    const portal = stages().get('portal');
    expect(portal?.from).toBe('nginx:${NGINX_VERSION}-alpine');
    const copies = (portal?.instructions ?? []).filter((line) => line.startsWith('COPY'));
    // the rules and the site file nginx.test.ts runs, where the site file's includes find them
    expect(copies).toContain(`COPY ${RULES_DIR}/ /etc/nginx/lms/`);
    expect(copies).toContain(`COPY ${SITES.container} /etc/nginx/templates/lms.conf.template`);
    for (const path of [RULES_DIR, SITES.container])
      expect(existsSync(join(REPO_ROOT, path))).toBe(true);
    const template = read(SITES.container);
    expect(template).toContain('include lms/portal.conf;');
    // the build goes to the lms/ folder of the site's root
    const root = /^\s*root (\S+);/m.exec(template)?.[1];
    expect(copies).toContain(`COPY --from=build /src/packages/web/dist/ ${root}/lms/`);
    // the image's own site (port 80, server_name localhost) would answer first
    expect(portal?.instructions.join('\n')).toContain('rm -rf /etc/nginx/conf.d/default.conf');
  });

  it('builds with Node 20 and the pinned pnpm from the lockfile, from sources only', () => {
    const build = stages().get('build');
    expect(build?.from).toBe('node:${NODE_VERSION}-bookworm-slim');
    expect(read('Dockerfile')).toMatch(/^ARG NODE_VERSION=20$/m);
    expect(build?.instructions).toContain('RUN pnpm install --frozen-lockfile --offline');
    const ignored = read('.dockerignore').split('\n');
    for (const pattern of ['**/node_modules', '**/dist', '.git'])
      expect(ignored).toContain(pattern);
  });

  it('brings up the portal with the mock server as its backend', () => {
    const compose = parse(read('compose.yaml')) as Compose;
    const { portal, mock } = compose.services;
    expect(portal?.build).toEqual({ context: '.', target: 'portal' });
    expect(mock?.build).toEqual({ context: '.', target: 'mock' });
    expect(portal?.depends_on).toEqual({ mock: { condition: 'service_healthy' } });
    // the template's backend is the mock service, on the port its command listens on
    expect(read(SITES.container)).toContain('server ${LMS_BACKEND};');
    const mockCommand = stages()
      .get('mock')
      ?.instructions.find((line) => line.startsWith('CMD'));
    expect(mockCommand).toContain('"--host", "0.0.0.0", "--port", "8080"');
    expect(portal?.environment).toEqual({ LMS_BACKEND: 'mock:8080' });
    expect(portal?.ports).toEqual(['127.0.0.1:${LMS_PORT:-8080}:80']);
  });
});

const docker = spawnSync('docker', ['info', '--format', '{{.ServerVersion}}'], {
  encoding: 'utf8',
});
const dockerAvailable = docker.status === 0;
if (!dockerAvailable) {
  console.warn('no Docker daemon: building and running the image is skipped');
}

describe.skipIf(!dockerAvailable)('the image, built and run with compose', () => {
  const project = `lms-test-${process.pid}`;
  const compose = (args: string[], env: Record<string, string> = {}) =>
    spawnSync('docker', ['compose', '-p', project, ...args], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, ...env },
      timeout: 20 * 60_000,
    });
  afterAll(() => void compose(['down', '--volumes', '--remove-orphans']));

  it(
    'serves the portal by the recipe and proxies the API to the mock server',
    async () => {
      const port = await freePort();
      const up = compose(['up', '--build', '--detach', '--wait'], { LMS_PORT: String(port) });
      expect(up.status, up.stderr).toBe(0);
      const origin = `http://127.0.0.1:${port}`;
      const page = await send(`${origin}/lms/news`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe('gzip');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.text()).toContain('<div id="root">');
      const map = await send(`${origin}/lms/.vite/manifest.json`);
      expect(map.status).toBe(404);
      const login = await send(`${origin}/api/auth/orize.json`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ login: 'student', password: 'Student1' }),
      });
      expect(JSON.parse(login.text())).toMatchObject({ data: { role: 2 } });
    },
    25 * 60_000,
  );
});
