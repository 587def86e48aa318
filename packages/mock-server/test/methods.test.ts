import { operations } from '@lms/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp, expectError, signIn } from './helpers.js';

// HTTP's rule for a method a resource does not support (RFC 9110 §15.5.6): 405 with `Allow`
// listing those it does, here in the error envelope; the contract states it once, in its
// description.
describe('a path of the contract asked with a method it does not declare', () => {
  it('answers PUT /api/misc/years with 405, Allow: POST and the envelope', async () => {
    const res = await createTestApp().request('/api/misc/years', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.headers.get('Allow')).toBe('POST');
    await expectError(res, 405, 'Method PUT is not allowed: /api/misc/years takes POST');
  });

  it('answers 405 before asking for a session, and lists GET with HEAD', async () => {
    const app = createTestApp();
    const download = await app.request('/lms/api/news/download.file?filename=1_a.pdf&type=4', {
      method: 'POST',
    });
    expect(download.status).toBe(405);
    expect(download.headers.get('Allow')).toBe('GET, HEAD');
    const teacher = await signIn(app, 'teacher');
    expect((await teacher.get('/api/misc/years')).status).toBe(405);
    expect((await app.request('/config.json', { method: 'DELETE' })).headers.get('Allow')).toBe(
      'GET, HEAD',
    );
  });

  it('does so for every path of the contract, and leaves other paths 404', async () => {
    const app = createTestApp();
    const paths = new Set(operations.map((op) => op.path));
    for (const path of paths) {
      const res = await app.request(path, { method: 'PATCH' });
      const declared = operations.filter((op) => op.path === path).map((op) => op.method);
      expect(res.status, path).toBe(405);
      expect(res.headers.get('Allow')?.split(', '), path).toEqual(expect.arrayContaining(declared));
    }
    await expectError(app.request('/api/misc/nothing', { method: 'PUT' }), 404, 'Not found');
    // a declared method is no 405, with or without a session
    expect((await app.request('/config.json', { method: 'HEAD' })).status).toBe(200);
    expect((await app.request('/api/misc/years', { method: 'POST' })).status).toBe(401);
  });
});
