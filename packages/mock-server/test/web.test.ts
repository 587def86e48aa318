import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { serveApp } from '../src/serve.js';
import { createTestApp, signIn } from './helpers.js';

function builtPortal() {
  const root = mkdtempSync(join(tmpdir(), 'lms-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>LMS</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log(1)');
  writeFileSync(join(root, '..', 'secret.txt'), 'secret');
  return root;
}

describe('the built portal under /lms', () => {
  const app = createTestApp({ webRoot: builtPortal() });

  it('serves files and falls back to index.html for routes', async () => {
    for (const path of ['/lms/', '/lms/login', '/lms/profile']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<title>LMS</title>');
    }
    const js = await app.request('/lms/assets/app.js');
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect((await app.request('/')).headers.get('location')).toBe('/lms/');
    // /lms itself is the portal, not a redirect to /lms/
    const bare = await app.request('/lms');
    expect(bare.status).toBe(200);
    expect(await bare.text()).toContain('<title>LMS</title>');
  });

  it('answers 404 for a missing asset and never leaves the root', async () => {
    expect((await app.request('/lms/assets/missing.js')).status).toBe(404);
    for (const path of ['/lms/../secret.txt', '/lms/%2e%2e/secret.txt', '/lms/..%2fsecret.txt']) {
      const res = await app.request(path);
      expect(await res.text(), path).not.toContain('secret');
    }
  });

  it('keeps /lms/api for the API', async () => {
    const teacher = await signIn(app, 'teacher');
    const res = await teacher.get('/lms/api/news/download.file?filename=1_x.pdf&type=4');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ result: 1 });
  });

  it('is off when the portal is not built', async () => {
    const res = await createTestApp({ webRoot: join(tmpdir(), 'nothing-here') }).request('/lms/');
    expect(res.status).toBe(404);
  });
});

describe('HEAD', () => {
  it('is answered like GET', async () => {
    const res = await createTestApp().request('/config.json', { method: 'HEAD' });
    expect(res.status).toBe(200);
  });
});

describe('the API reference page', () => {
  it('is served at /docs/api when built, and absent otherwise', async () => {
    const page = join(mkdtempSync(join(tmpdir(), 'lms-ref-')), 'reference.html');
    writeFileSync(page, '<!doctype html><title>API reference</title><script>/* redoc */</script>');
    const res = await createTestApp({ referencePage: page }).request('/docs/api');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(await res.text()).toContain('<title>API reference</title>');
    expect((await createTestApp().request('/docs/api')).status).toBe(404);
  });
});

/** A GET on a real socket, the body as sent (not decoded). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      }).on('error', reject);
    },
  );
}

describe('serving the portal like production (pnpm start)', () => {
  const script = 'console.log("ЛМС");'.repeat(200);
  const root = builtPortal();
  writeFileSync(join(root, 'assets', 'index-3f2a1b.js'), script);
  writeFileSync(join(root, 'assets', 'index-3f2a1b.js.br'), brotliCompressSync(script));
  writeFileSync(join(root, 'assets', 'index-3f2a1b.js.gz'), gzipSync(script));
  writeFileSync(join(root, 'index.html.gz'), gzipSync('<!doctype html><title>LMS</title>'));
  writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(root, 'manifest.webmanifest'), '{"name":"LMS"}');
  let base = '';
  let close = () => undefined as void;
  beforeAll(async () => {
    const server = serveApp(createApp({ webRoot: root }), { port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => void server.close();
  });
  afterAll(() => close());

  it('sends the precompressed copy the browser accepts, with Content-Encoding and Vary', async () => {
    const url = `${base}/lms/assets/index-3f2a1b.js`;
    const br = await rawGet(url, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await rawGet(url, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('caches hashed assets for a year as immutable and never caches index.html', async () => {
    const asset = await rawGet(`${base}/lms/assets/index-3f2a1b.js`, { 'Accept-Encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const path of ['/lms', '/lms/', '/lms/schedule']) {
      const page = await rawGet(`${base}${path}`, { 'Accept-Encoding': 'gzip' });
      expect(page.status, path).toBe(200);
      expect(page.headers['cache-control'], path).toBe('no-cache');
      expect(page.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(page.body).toString(), path).toContain('<title>LMS</title>');
    }
  });

  it('lets the service worker control `/` and never caches it or the manifest', async () => {
    const worker = await rawGet(`${base}/lms/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['service-worker-allowed']).toBe('/');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await rawGet(`${base}/lms/manifest.webmanifest`);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['service-worker-allowed']).toBeUndefined();
  });
});

describe('security headers and what the build keeps for itself', () => {
  const policy = "default-src 'self'; script-src 'self' 'sha256-abc='; frame-ancestors 'none'";
  const root = builtPortal();
  mkdirSync(join(root, '.vite'));
  writeFileSync(join(root, '.vite', 'csp.json'), JSON.stringify({ policy, scriptHashes: [] }));
  writeFileSync(join(root, '.vite', 'manifest.json'), '{"index.html":{}}');
  writeFileSync(join(root, 'assets', 'app.js.map'), '{"version":3}');
  writeFileSync(join(root, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(root, 'sw.js.map'), '{"version":3}');
  const app = createTestApp({ webRoot: root });

  it("sends the build's Content-Security-Policy and the security headers with the portal", async () => {
    for (const path of ['/lms', '/lms/', '/lms/news', '/lms/assets/app.js', '/lms/sw.js']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-security-policy'), path).toBe(policy);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy'), path).toBe(
        'camera=(), microphone=(), geolocation=()',
      );
    }
    // a missing file of the portal is refused with them too
    const missing = await app.request('/lms/assets/missing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toBe(policy);
  });

  it('never serves source maps or the build manifest and policy', async () => {
    for (const path of [
      '/lms/assets/app.js.map',
      '/lms/sw.js.map',
      '/lms/.vite/manifest.json',
      '/lms/.vite/csp.json',
      '/lms/.vite/',
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toMatch(/version|index\.html|script-src/);
    }
  });

  it('sends no policy for a build that wrote none, and keeps the other headers', async () => {
    const res = await createTestApp({ webRoot: builtPortal() }).request('/lms/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('adds the security headers to every answer of the served app, the API included', async () => {
    const server = serveApp(createApp({ webRoot: root }), { port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const path of ['/config.json', '/api/nothing-here', '/', '/lms/login']) {
        const res = await rawGet(`${base}${path}`);
        expect(res.headers['x-content-type-options'], path).toBe('nosniff');
        expect(res.headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
        expect(res.headers['permissions-policy'], path).toBe(
          'camera=(), microphone=(), geolocation=()',
        );
      }
      // the portal's policy is the portal's: the API's JSON answers do not carry it
      expect(
        (await rawGet(`${base}/config.json`)).headers['content-security-policy'],
      ).toBeUndefined();
      expect((await rawGet(`${base}/lms/login`)).headers['content-security-policy']).toBe(policy);
    } finally {
      server.close();
    }
  });
});
