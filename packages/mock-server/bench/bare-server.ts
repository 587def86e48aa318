// The yardstick: a bare Hono app on @hono/node-server answering a fixed JSON body, given as a
// file (the bench passes a captured answer of the mock) or a small one, at /bare (any method) and
// at GET /config.json (the start-up anchor). It sends the same bytes as the mock, its security
// headers too, and does what the least handler of the same request does: it reads and parses the
// JSON body it is sent. The bench bundles it with esbuild and runs it as plain JavaScript, as
// dist/main.js is run. It gives its clients the mock's timeouts (src/serve.ts), so both servers
// keep the same watch on slow connections.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { SECURITY_HEADERS } from '../src/security-headers.js';
import { DEFAULT_TIMEOUTS, timeoutOptions } from '../src/serve.js';

const [port, bodyFile] = process.argv.slice(2);
const body: unknown = bodyFile
  ? JSON.parse(readFileSync(bodyFile, 'utf8'))
  : { result: 0, error: null, data: [{ id: 1, message: 'fixed' }] };
const app = new Hono()
  .all('/bare', async (c) => {
    if (c.req.header('content-type')?.startsWith('application/json')) await c.req.json();
    return c.json(body, 200, SECURITY_HEADERS);
  })
  .get('/config.json', (c) => c.json(body, 200, SECURITY_HEADERS));
serve(
  {
    fetch: app.fetch,
    port: Number(port),
    hostname: '127.0.0.1',
    serverOptions: timeoutOptions(DEFAULT_TIMEOUTS),
  },
  () => console.log('ready'),
);
