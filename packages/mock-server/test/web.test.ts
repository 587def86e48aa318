import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
