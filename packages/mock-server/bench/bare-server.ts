// The yardstick: a bare Hono app on @hono/node-server answering a fixed JSON body, given as a
// file (the bench passes a captured news page, so both sides send the same bytes) or a small one.
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const [port, bodyFile] = process.argv.slice(2);
const body: unknown = bodyFile
  ? JSON.parse(readFileSync(bodyFile, 'utf8'))
  : { result: 0, error: null, data: [{ id: 1, message: 'fixed' }] };
const app = new Hono().all('/bare', (c) => c.json(body));
serve({ fetch: app.fetch, port: Number(port), hostname: '127.0.0.1' }, () => console.log('ready'));
