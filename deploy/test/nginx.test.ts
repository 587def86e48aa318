// The nginx recipe as a university runs it: Debian's nginx with deploy/nginx (and the container's
// site file) in front of the mock server, both on 127.0.0.1. Where nginx is not installed the
// suite says so and is skipped; CI installs it (.ci/run).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findNginx,
  freePort,
  REPO_ROOT,
  RULES_DIR,
  selfSignedCertificate,
  startMockServer,
  startNginx,
  type RunningNginx,
} from '../src/nginx.js';
import { send } from './http.js';

const nginx = findNginx();
if (!nginx) console.warn('nginx is not installed: the nginx recipe tests are skipped');

/** The built portal (`pnpm --filter @lms/web build`), or another build folder. */
const webRoot = process.env.LMS_WEB_ROOT ?? join(REPO_ROOT, 'packages/web/dist');
const file = (path: string) => readFileSync(join(webRoot, path));
const index = () => file('index.html').toString('utf8');
const buildPolicy = () =>
  (JSON.parse(file('.vite/csp.json').toString('utf8')) as { policy: string }).policy;

/** The signed-in user, as login answers it. */
interface SignedInUser {
  id: number;
  uid: number;
  role: number;
}

const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};
const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const BR = { 'Accept-Encoding': 'br, gzip, deflate' };

/** The build's files the checks name: the entry script, a stylesheet, a map, the Workbox runtime. */
function buildFiles() {
  const html = index();
  const entry = /<script type="module" crossorigin src="\/lms\/(assets\/[^"]+\.js)"/.exec(
    html,
  )?.[1];
  const style = /<link rel="stylesheet" crossorigin href="\/lms\/(assets\/[^"]+\.css)"/.exec(
    html,
  )?.[1];
  const assets = readdirSync(join(webRoot, 'assets'));
  const map = assets.find((name) => name.endsWith('.js.map'));
  const workbox = readdirSync(webRoot).find((name) => /^workbox-[\w-]+\.js$/.test(name));
  if (!entry || !style || !map || !workbox) {
    throw new Error(`${webRoot} is not a full build of the portal (entry, CSS, a map, workbox)`);
  }
  return { entry, style, map: `assets/${map}`, workbox };
}

/** Each security header once, with the portal's policy where `policy` says. */
function expectSecurityHeaders(
  answer: Awaited<ReturnType<typeof send>>,
  what: string,
  { policy, hsts }: { policy: boolean; hsts?: string },
) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
    expect(answer.lines.get(name), `${name} of ${what}`).toEqual([value]);
  }
  expect(answer.lines.get('content-security-policy'), `CSP of ${what}`).toEqual(
    policy ? [buildPolicy()] : undefined,
  );
  expect(answer.lines.get('strict-transport-security'), `HSTS of ${what}`).toEqual(
    hsts ? [hsts] : undefined,
  );
}

describe.skipIf(!nginx)('Debian nginx with deploy/nginx/lms.conf before the mock server', () => {
  let server: RunningNginx;
  let mock: Awaited<ReturnType<typeof startMockServer>>;
  const url = (path: string) => `${server.origin}${path}`;

  beforeAll(async () => {
    if (!existsSync(join(webRoot, '.vite', 'csp.json'))) {
      throw new Error(`no build in ${webRoot}: pnpm --filter @lms/web build`);
    }
    // as a frontend developer runs the mock behind the recipe: clients named by X-Real-IP
    mock = await startMockServer(await freePort(), ['--trust-proxy']);
    server = await startNginx({ site: 'http', webRoot, backend: mock.backend });
  });
  afterAll(async () => {
    await server?.stop();
    await mock?.stop();
  });

  it('answers /lms, /lms/ and client-side routes with index.html, never cached', async () => {
    for (const path of ['/lms', '/lms/', '/lms/some/deep/route', '/lms/login', '/lms/assets']) {
      const page = await send(url(path), { headers: BR });
      expect(page.status, path).toBe(200);
      expect(page.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(page.headers['content-encoding'], path).toBe('br');
      expect(page.headers.vary, path).toBe('Accept-Encoding');
      expect(page.headers['cache-control'], path).toBe(NO_CACHE);
      expect(page.text(), path).toBe(index());
      expectSecurityHeaders(page, path, { policy: true });
    }
  });

  it('sends hashed assets precompressed (br or gzip as accepted) and cached a year, immutable', async () => {
    const { entry, style } = buildFiles();
    const br = await send(url(`/lms/${entry}`), { headers: BR });
    expect(br.status).toBe(200);
    expect(br.headers['content-type']).toMatch(/^application\/javascript/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.text()).toBe(file(entry).toString('utf8'));
    expectSecurityHeaders(br, entry, { policy: true });
    const gzip = await send(url(`/lms/${entry}`), { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text()).toBe(file(entry).toString('utf8'));
    const plain = await send(url(`/lms/${entry}`));
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(file(entry))).toBe(true);
    const css = await send(url(`/lms/${style}`), { headers: BR });
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['content-encoding']).toBe('br');
    expect(css.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends the service worker and its runtime precompressed, never cached, the worker for scope /', async () => {
    const { workbox } = buildFiles();
    const worker = await send(url('/lms/sw.js'), { headers: BR });
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^application\/javascript/);
    expect(worker.headers['content-encoding']).toBe('br');
    expect(worker.headers['cache-control']).toBe(NO_CACHE);
    expect(worker.headers['service-worker-allowed']).toBe('/');
    expect(worker.text()).toBe(file('sw.js').toString('utf8'));
    expectSecurityHeaders(worker, 'sw.js', { policy: true });
    const runtime = await send(url(`/lms/${workbox}`), { headers: { 'Accept-Encoding': 'gzip' } });
    expect(runtime.status).toBe(200);
    expect(runtime.headers['content-encoding']).toBe('gzip');
    expect(runtime.headers['cache-control']).toBe(NO_CACHE);
    expect(runtime.headers['service-worker-allowed']).toBeUndefined();
  });

  it('sends the web app manifest as application/manifest+json, never cached', async () => {
    const manifest = await send(url('/lms/manifest.webmanifest'), { headers: BR });
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe(NO_CACHE);
    expect(JSON.parse(manifest.text())).toMatchObject({ start_url: '/lms/', scope: '/lms/' });
  });

  it('keeps source maps and the build manifest private, and a missing file is no page', async () => {
    const { map } = buildFiles();
    for (const path of [map, '.vite/manifest.json', '.vite/csp.json']) {
      expect(existsSync(join(webRoot, path)), `${path} is in the build`).toBe(true);
      const answer = await send(url(`/lms/${path}`), { headers: BR });
      expect(answer.status, path).toBe(404);
      expect(answer.headers['cache-control'], path).toBeUndefined();
      expectSecurityHeaders(answer, path, { policy: true });
    }
    for (const path of ['/lms/.vite/', '/lms/assets/missing-0000.js', '/lms/missing.css']) {
      const answer = await send(url(path));
      expect(answer.status, path).toBe(404);
      expect(answer.text(), path).not.toContain('<div id="root">');
    }
  });

  it("proxies /api, /lms/api and /config.json to the backend, the backend's answer as it is", async () => {
    const login = await send(url('/api/auth/orize.json'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ login: 'student', password: 'Student1' }),
    });
    expect(login.status).toBe(200);
    const envelope = JSON.parse(login.text()) as { result: unknown; data: unknown };
    expect(envelope.result).toBeFalsy();
    expect(envelope.data).toMatchObject({ role: 2, fullName: expect.any(String) });
    const cookies = (login.headers['set-cookie'] ?? []).join('\n');
    expect(cookies).toMatch(/(^|\n)token=/);
    expect(cookies).toMatch(/(^|\n)XSRF-TOKEN=/);
    expectSecurityHeaders(login, '/api/auth/orize.json', { policy: false });

    const wrong = await send(url('/api/auth/orize.json'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: 'student', password: 'wrong' }),
    });
    expect(JSON.parse(wrong.text())).toMatchObject({ result: expect.anything(), data: null });

    const config = await send(url('/config.json'), { headers: { 'Accept-Encoding': 'gzip' } });
    expect(config.status).toBe(200);
    expect(JSON.parse(config.text())).toHaveProperty('name');
    expectSecurityHeaders(config, '/config.json', { policy: false });

    // a download without a session: the backend's 401 envelope, not the page or nginx's 404
    const download = await send(url('/lms/api/news/download.file?filename=1_x.pdf&type=4'));
    expect(download.status).toBe(401);
    expect(JSON.parse(download.text())).toMatchObject({ data: null });
  });

  it("answers a signed-in first screen's calls, and the logo and app icons it shows, through the recipe: none 404", async () => {
    for (const [login, password] of [
      ['teacher', 'Teacher1'],
      ['student', 'Student1'],
    ] as const) {
      const signedIn = await send(url('/api/auth/orize.json'), {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ login, password }),
      });
      expect(signedIn.status, login).toBe(200);
      const user = (JSON.parse(signedIn.text()) as { data: SignedInUser }).data;
      const cookies = Object.fromEntries(
        (signedIn.headers['set-cookie'] ?? []).map((line) => {
          const [name = '', value = ''] = (line.split(';')[0] ?? '').split('=');
          return [name, value];
        }),
      );
      const headers = {
        Cookie: `token=${cookies.token}; XSRF-TOKEN=${cookies['XSRF-TOKEN']}`,
        'X-XSRF-TOKEN': cookies['XSRF-TOKEN'] ?? '',
        'Content-Type': 'application/json',
        Accept: 'application/json',
      };
      const { id, uid, role } = user;
      // what the shell and the news screen ask for on a signed-in start (app/prefetch-first-screen.ts)
      const calls: [string, string, object?][] = [
        ['POST', '/api/auth/enticate.json', { token: cookies.token }],
        ['GET', '/config.json'],
        ['GET', '/api/logo.json'],
        ['POST', '/api/profile/data.json', { uid, role }],
        ['POST', '/api/news/data.json', { id, uid, role, page: 1 }],
        ['POST', '/api/news/check.json', { id, type: role }],
        ['POST', '/api/misc/dinurls', {}],
        ['POST', '/api/misc/photo', { uid, role }],
        ['POST', '/api/misc/defaultyear', { uid }],
        ['GET', '/api/discipline/current/year.json'],
        ['GET', '/api/discipline/current/ws.json'],
      ];
      const answers = new Map<string, unknown>();
      for (const [method, path, body] of calls) {
        const answer = await send(url(path), {
          method,
          headers,
          ...(body && { body: JSON.stringify(body) }),
        });
        expect(answer.status, `${login}: ${method} ${path}`).toBe(200);
        expect(answer.headers['content-type'], path).toMatch(/^application\/json/);
        answers.set(path, JSON.parse(answer.text()));
      }
      // the images those answers name: the university's logo and each app's icon
      const logo = (answers.get('/api/logo.json') as { logo: string }).logo;
      const apps = (answers.get('/api/misc/dinurls') as { data: { icon: string | null }[] }).data;
      const images = [logo, ...apps.flatMap((app) => (app.icon ? [app.icon] : []))];
      expect(images.length, 'the logo and at least three icons').toBeGreaterThanOrEqual(4);
      for (const image of images) {
        const answer = await send(new URL(image, server.origin).href, { headers });
        expect(answer.status, `${login}: ${image}`).toBe(200);
        expect(answer.headers['content-type'], image).toBe('image/svg+xml');
      }
    }
  });

  it('sends every path of the contract to the backend: nginx answers none of them itself', async () => {
    const contract = JSON.parse(
      readFileSync(join(REPO_ROOT, 'spec/generated/openapi.json'), 'utf8'),
    ) as { paths: Record<string, Record<string, unknown>> };
    const methods = new Set(['get', 'post', 'put', 'patch', 'delete']);
    for (const [path, item] of Object.entries(contract.paths)) {
      for (const method of Object.keys(item).filter((key) => methods.has(key))) {
        // no session and no body: the backend's own refusal (400, 401), in its JSON envelope
        const answer = await send(url(path), { method: method.toUpperCase() });
        expect(answer.status, `${method} ${path}`).not.toBe(404);
        expect(answer.headers['content-type'], `${method} ${path}`).toMatch(/^application\/json/);
      }
    }
  });

  it('lets an upload of several megabytes through to the backend', async () => {
    const body = Buffer.alloc(3 * 1024 * 1024, 'a');
    const answer = await send(url('/api/chat/insert'), {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x', Accept: 'application/json' },
      body,
    });
    // the backend's refusal (no session), not nginx's 413
    expect(answer.status).toBe(401);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  });

  it('leads / to /lms/', async () => {
    const root = await send(url('/'));
    expect(root.status).toBe(302);
    expect(root.headers.location).toMatch(/\/lms\/$/);
    expectSecurityHeaders(root, '/', { policy: false });
  });

  it("sends the build's Content-Security-Policy, whose hashes are those of index.html's inline script and style", async () => {
    const hashOf = (tag: 'script' | 'style') => {
      const inline = [
        ...index().matchAll(
          new RegExp(`<${tag}\\b(?![^>]*\\ssrc=)[^>]*>([\\s\\S]*?)</${tag}>`, 'g'),
        ),
      ];
      expect(inline, tag).toHaveLength(1);
      return createHash('sha256')
        .update(inline[0]?.[1] ?? '', 'utf8')
        .digest('base64');
    };
    const policy = buildPolicy();
    expect(policy).toContain(`script-src 'self' 'sha256-${hashOf('script')}';`);
    expect(policy).toContain(`style-src 'self' 'sha256-${hashOf('style')}';`);
    expect(policy).not.toContain('unsafe-inline');
    for (const directive of [
      "default-src 'self'",
      "connect-src 'self'",
      "img-src 'self' data: blob:",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(policy.split('; ')).toContain(directive);
    }
    const page = await send(url('/lms/'));
    expect(page.headers['content-security-policy']).toBe(policy);
    // the recipe's copy of it, for a reader of deploy/nginx
    const recipe = readFileSync(join(REPO_ROOT, RULES_DIR, 'csp.conf'), 'utf8');
    expect(recipe).toContain(`add_header Content-Security-Policy "${policy}" always;`);
  });
});

const openssl = spawnSync('openssl', ['version']).status === 0;
if (nginx && !openssl) console.warn('openssl is not installed: the https recipe test is skipped');

describe.skipIf(!nginx || !openssl)('the https recipe (deploy/nginx/lms-https.conf)', () => {
  let server: RunningNginx;
  let mock: Awaited<ReturnType<typeof startMockServer>>;
  let dir = '';
  let ca = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lms-tls-'));
    const certificate = selfSignedCertificate(dir);
    if (!certificate) throw new Error('openssl could not make a certificate');
    ca = readFileSync(certificate.cert, 'utf8');
    mock = await startMockServer(await freePort());
    server = await startNginx({ site: 'https', webRoot, backend: mock.backend, certificate });
  });
  afterAll(async () => {
    await server?.stop();
    await mock?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('adds HSTS to every answer and leads http to https', async () => {
    const hsts = 'max-age=31536000';
    const page = await send(`${server.origin}/lms/news`, { headers: BR, ca });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expectSecurityHeaders(page, 'https /lms/news', { policy: true, hsts });
    const asset = await send(`${server.origin}/lms/${buildFiles().entry}`, { headers: BR, ca });
    expect(asset.headers['cache-control']).toBe(IMMUTABLE);
    expectSecurityHeaders(asset, 'https asset', { policy: true, hsts });
    const config = await send(`${server.origin}/config.json`, { ca });
    expect(config.status).toBe(200);
    expectSecurityHeaders(config, 'https /config.json', { policy: false, hsts });
    const missing = await send(`${server.origin}/lms/.vite/manifest.json`, { ca });
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing, 'https 404', { policy: true, hsts });

    const plain = await send(`http://127.0.0.1:${server.httpPort}/lms/news?x=1`);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe('https://127.0.0.1/lms/news?x=1');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe.skipIf(!nginx)("the container's site file (deploy/container/lms.conf.template)", () => {
  let server: RunningNginx;
  let mock: Awaited<ReturnType<typeof startMockServer>>;

  beforeAll(async () => {
    mock = await startMockServer(await freePort());
    server = await startNginx({ site: 'container', webRoot, backend: mock.backend });
  });
  afterAll(async () => {
    await server?.stop();
    await mock?.stop();
  });

  it('serves by the same rules with the .gz copies (the official image has no brotli)', async () => {
    expect(server.siteText).not.toContain('include lms/brotli.conf;');
    const page = await send(`${server.origin}/lms/profile`, { headers: BR });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.text()).toBe(index());
    expectSecurityHeaders(page, 'container page', { policy: true });
    const worker = await send(`${server.origin}/lms/sw.js`, { headers: BR });
    expect(worker.headers['content-encoding']).toBe('gzip');
    expect(worker.headers['service-worker-allowed']).toBe('/');
    const map = await send(`${server.origin}/lms/${buildFiles().map}`);
    expect(map.status).toBe(404);
    const login = await send(`${server.origin}/api/auth/orize.json`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: 'teacher', password: 'Teacher1' }),
    });
    expect(JSON.parse(login.text())).toMatchObject({ result: 0, data: { role: 1 } });
  });
});
