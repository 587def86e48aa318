import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createContractProxy, type ContractProxy, type Drift } from '@lms/contract/proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { serveApp } from '../src/serve.js';

// The validating proxy in front of the mock: traffic passes byte for byte, header for header;
// what breaks the contract is reported once, with the operation and the field.
const servers: { close: () => void }[] = [];
afterAll(() => servers.forEach((server) => server.close()));

async function listen(server: Server | ReturnType<typeof serveApp>) {
  servers.push(server);
  if (!server.listening) {
    if (!('address' in server) || server.address() === null)
      (server as Server).listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  }
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let mock = '';
let proxy = '';
let proxyServer: ContractProxy;
const drifts: Drift[] = [];

beforeAll(async () => {
  mock = await listen(serveApp(createApp(), { port: 0, hostname: '127.0.0.1' }));
  proxyServer = createContractProxy({ target: mock, onDrift: (d) => drifts.push(d) });
  proxy = await listen(proxyServer);
});

/** Signs the teacher in through a base URL; the cookies for later requests. */
async function signIn(base: string) {
  const res = await fetch(`${base}/api/auth/orize.json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: 'teacher', password: 'Teacher1' }),
  });
  const setCookies = res.headers.getSetCookie();
  const cookies = setCookies.map((line) => line.split(';')[0]!);
  const xsrf = decodeURIComponent(cookies.find((c) => c.startsWith('XSRF-TOKEN='))!.slice(11));
  return { res, setCookies, cookie: cookies.join('; '), xsrf };
}

// Every byte value, twice: a file no text decoding could pass unharmed.
const binary = new Uint8Array(512).map((_, i) => i % 256);
const pdf = new Uint8Array([...new TextEncoder().encode('%PDF-1.4\n'), 0, 0xff, 0x80, 0x0a]);

describe('the contract proxy', () => {
  it('passes each Set-Cookie on its own, as the backend sent them', async () => {
    const direct = await signIn(mock);
    const proxied = await signIn(proxy);
    expect(proxied.res.status).toBe(200);
    expect(proxied.setCookies).toHaveLength(direct.setCookies.length);
    expect(proxied.setCookies.map((c) => c.split('=')[0])).toEqual(
      direct.setCookies.map((c) => c.split('=')[0]),
    );
    // The attributes as sent; the two sessions' lifetimes, counted a moment apart, may differ by
    // a second, so Max-Age and Expires are compared by presence, not value.
    const attributes = (line: string) =>
      line
        .split(';')
        .slice(1)
        .map((part) => part.trim().replace(/^(Max-Age|Expires)=.*$/, '$1='));
    expect(proxied.setCookies.map(attributes)).toEqual(direct.setCookies.map(attributes));
    expect(proxied.setCookies.every((line) => /; Max-Age=\d+;/.test(line))).toBe(true);
  });

  it('passes repeated multipart parts and binary bodies byte for byte, both ways', async () => {
    const { cookie, xsrf } = await signIn(proxy);
    const form = new FormData();
    for (const [name, value] of Object.entries({
      uid: 1001,
      role: 1,
      id: 501,
      message: 'Через прокси',
      audience: 0,
      id_faculty: -1,
    })) {
      form.append(name, String(value));
    }
    form.append('file', new Blob([binary], { type: 'application/octet-stream' }), 'bytes.bin');
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'Приказ.pdf');
    const inserted = await fetch(`${proxy}/api/news/insert.json`, {
      method: 'POST',
      headers: { cookie, 'X-XSRF-TOKEN': xsrf },
      body: form,
    });
    expect(inserted.status).toBe(200);
    const { id_eventMessage } = ((await inserted.json()) as { data: { id_eventMessage: number } })
      .data;
    const page = await fetch(`${proxy}/api/news/data.json`, {
      method: 'POST',
      headers: { cookie, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 501, uid: 1001, role: 1, page: 1 }),
    });
    const items = ((await page.json()) as { data: { id_eventMessage: number; fileName: string }[] })
      .data;
    const data = items.find((item) => item.id_eventMessage === id_eventMessage)!;
    // both parts named `file` arrived
    expect(data.fileName).toBe('bytes.bin;!;Приказ.pdf');
    for (const [name, bytes, type] of [
      ['bytes.bin', binary, 'application/octet-stream'],
      ['Приказ.pdf', pdf, 'application/pdf'],
    ] as const) {
      const url = `/lms/api/news/download.file?filename=${encodeURIComponent(`${data.id_eventMessage}_${name}`)}&type=4`;
      const [viaProxy, direct] = await Promise.all([
        fetch(`${proxy}${url}`, { headers: { cookie } }),
        fetch(`${mock}${url}`, { headers: { cookie } }),
      ]);
      expect(new Uint8Array(await viaProxy.arrayBuffer())).toEqual(bytes);
      expect(viaProxy.headers.get('content-type')).toBe(direct.headers.get('content-type'));
      expect(viaProxy.headers.get('content-type')).toContain(type);
      expect(viaProxy.headers.get('content-disposition')).toBe(
        direct.headers.get('content-disposition'),
      );
      await direct.arrayBuffer();
    }
    expect(drifts).toEqual([]);
  });

  it('passes repeated query parameters as sent and reports the drift once', async () => {
    const { cookie } = await signIn(proxy);
    for (let i = 0; i < 2; i++) {
      const res = await fetch(
        `${proxy}/lms/api/news/download.file?filename=1_a.pdf&type=4&type=1`,
        { headers: { cookie } },
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'query/type: must be given once' });
    }
    await proxyServer.settled();
    expect(drifts).toEqual([
      expect.objectContaining({
        operationId: 'downloadNewsFile',
        side: 'request',
        message: 'query/type: must be given once',
      }),
    ]);
  });

  it('reports an answer that breaks the contract once, with the operation and the field', async () => {
    const broken = createServer((req, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/json',
        'Set-Cookie': ['a=1; Path=/', 'b=2; Path=/'],
      });
      res.end(JSON.stringify({ result: 0, error: null, data: [{ id_a_year: 4 }] }));
    });
    const seen: Drift[] = [];
    const brokenUrl = await listen(broken);
    const frontServer = createContractProxy({ target: brokenUrl, onDrift: (d) => seen.push(d) });
    const front = await listen(frontServer);
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${front}/api/misc/years`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
      expect(await res.json()).toEqual({ result: 0, error: null, data: [{ id_a_year: 4 }] });
    }
    await frontServer.settled();
    expect(seen).toEqual([
      expect.objectContaining({
        operationId: 'miscGetYears',
        side: 'answer',
        status: 200,
        fields: ['/data/0/name'],
      }),
    ]);
  });
});
