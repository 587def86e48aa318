import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkForm, findOperation } from '../src/index.js';
import { learnFromRecordings } from '../src/learn/learn.js';
import { createContractProxy, type Drift } from '../src/proxy/proxy.js';

// The contract's rule for multipart values (numbers in decimal; booleans `true`/`false` in any
// letter case, or `1`/`0`) is one module of this package: checkForm (the mock server and the
// validating proxy) and the traffic learner read forms by it, so none of them calls a form the
// others accept a drift.

const chatInsert = findOperation('POST', '/api/chat/insert')!;
const pointer = chatInsert.requestBody!.content['multipart/form-data']!;

/** chat/insert's form as text parts, the contract's example with `changes`. */
const chatForm = (changes: Record<string, string> = {}): Record<string, string> => ({
  uid: '2001',
  message: 'Отправляю отчёт заранее.',
  from: '7001',
  fromType: '2',
  semester: '1',
  discipline: '312',
  currentContactId: '501',
  currentContactType: '1',
  group_subgroup: '11',
  isSelect: 'false',
  IsGroupChat: 'false',
  ...changes,
});
const parts = (form: Record<string, string>) =>
  Object.fromEntries(Object.entries(form).map(([name, value]) => [name, [value]]));

const BOOLEANS: [string, boolean][] = [
  ['False', false],
  ['TRUE', true],
  ['0', false],
  ['1', true],
  ['true', true],
  ['fAlSe', false],
];
const NOT_BOOLEANS = ['yes', 'no', '', ' true', '2', 'truthy'];
const NOT_DECIMAL = ['0x10', ' 42', '42 ', 'Infinity', '', '1,5', '+-1'];

describe('checkForm reads a form as the contract writes it', () => {
  it('takes a boolean as true or false in any letter case, or 1 and 0, and refuses anything else', () => {
    for (const [written, meant] of BOOLEANS) {
      const checked = checkForm(pointer, parts(chatForm({ isSelect: written })));
      expect('error' in checked ? checked.error : checked.fields.isSelect, written).toBe(meant);
    }
    for (const written of NOT_BOOLEANS) {
      expect(checkForm(pointer, parts(chatForm({ isSelect: written }))), written).toEqual({
        status: 400,
        error: 'body/isSelect: must be boolean',
      });
    }
  });

  it('takes a number in decimal only', () => {
    for (const [written, meant] of [
      ['42', 42],
      ['-1', -1],
      ['2.0', 2],
      ['1e3', 1000],
    ] as const) {
      const checked = checkForm(pointer, parts(chatForm({ discipline: written })));
      expect('error' in checked ? checked.error : checked.fields.discipline, written).toBe(meant);
    }
    for (const written of NOT_DECIMAL) {
      expect(checkForm(pointer, parts(chatForm({ discipline: written }))), written).toEqual({
        status: 400,
        error: 'body/discipline: must be integer',
      });
    }
  });

  it('leaves strings as sent and reads only the fields the contract types', () => {
    const checked = checkForm(pointer, parts(chatForm({ message: '1' })));
    expect('fields' in checked && checked.fields.message).toBe('1');
    const read = checkForm(
      pointer,
      parts(chatForm({ isSelect: 'FALSE', IsGroupChat: '1', message: 'TRUE' })),
    );
    expect('fields' in read && read.fields).toMatchObject({
      isSelect: false,
      IsGroupChat: true,
      message: 'TRUE',
    });
  });
});

const servers: Server[] = [];
const work = mkdtempSync(join(tmpdir(), 'lms-form-values-'));
afterAll(() => {
  servers.forEach((server) => server.close());
  rmSync(work, { recursive: true, force: true });
});

async function listen(server: Server) {
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the validating proxy and the traffic learner read forms by the same rule', () => {
  it('the proxy reports no drift for False, TRUE, 0 or 1 and one for yes', async () => {
    // a backend that takes every message: only the requests' drifts are looked at
    const backend = await listen(
      createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ result: 0, error: null, data: { id_message: 1 } }));
        });
      }),
    );
    const drifts: Drift[] = [];
    const proxyServer = createContractProxy({ target: backend, onDrift: (d) => drifts.push(d) });
    const proxy = await listen(proxyServer);
    const send = async (isSelect: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(chatForm({ isSelect }))) form.append(name, value);
      const res = await fetch(`${proxy}/api/chat/insert`, { method: 'POST', body: form });
      await res.arrayBuffer();
    };
    for (const [written] of BOOLEANS) await send(written);
    await proxyServer.settled();
    expect(drifts.filter((d) => d.side === 'request')).toEqual([]);
    await send('yes');
    await proxyServer.settled();
    expect(drifts.filter((d) => d.side === 'request')).toMatchObject([
      { operationId: 'chatInsertMessage', message: 'body/isSelect: must be boolean' },
    ]);
  });

  it('the learner finds no contradiction in a recorded False, TRUE, 0 or 1 and one in yes', async () => {
    const recording = (name: string, values: readonly string[]) => {
      const file = join(work, name);
      const entries = values.map((isSelect, i) => ({
        startedDateTime: `2026-11-20T04:00:0${i}.000+00:00`,
        time: 10,
        request: {
          method: 'POST',
          url: 'https://lms.example.kg/api/chat/insert',
          httpVersion: 'HTTP/1.1',
          headers: [{ name: 'Content-Type', value: 'multipart/form-data; boundary=b' }],
          cookies: [],
          queryString: [],
          headersSize: -1,
          bodySize: -1,
          postData: {
            mimeType: 'multipart/form-data; boundary=b',
            params: Object.entries(chatForm({ isSelect })).map(([n, value]) => ({
              name: n,
              value,
            })),
          },
        },
        response: {
          status: 200,
          statusText: 'OK',
          httpVersion: 'HTTP/1.1',
          headers: [{ name: 'Content-Type', value: 'application/json' }],
          cookies: [],
          content: {
            mimeType: 'application/json',
            size: 50,
            text: JSON.stringify({ result: 0, error: null, data: { id_message: 9125 + i } }),
          },
          redirectURL: '',
          headersSize: -1,
          bodySize: -1,
        },
        cache: {},
        timings: { send: 0, wait: 10, receive: 0 },
      }));
      writeFileSync(
        file,
        JSON.stringify({
          log: { version: '1.2', creator: { name: 'test', version: '1' }, entries },
        }),
      );
      return file;
    };
    const requestContradictions = async (file: string) => {
      const { report } = await learnFromRecordings([file]);
      expect(report.exchanges.judged).toBeGreaterThan(0);
      return [...report.assumptions, ...report.confirmedShapes]
        .flatMap((unit) => unit.contradictions)
        .filter((c) => c.side === 'request');
    };
    const spelled = BOOLEANS.map(([written]) => written);
    expect(await requestContradictions(recording('booleans.har', spelled))).toEqual([]);
    expect(await requestContradictions(recording('yes.har', ['yes']))).toMatchObject([
      { operationId: 'chatInsertMessage', field: '/isSelect', keyword: 'type' },
    ]);
  });
});
