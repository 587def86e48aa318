import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import { DEFAULT_TIMEOUTS, serveApp, timeoutOptions } from '../src/serve.js';

// Slow clients on a real socket (slowloris): a client that sends its headers, or its body, a byte
// at a time is answered 408 and disconnected once the configured time has passed, while other
// clients are served as usual. Short timeouts here (2 s for the headers, 4 s for a request); the
// command line's defaults are 10 s and 120 s (--headers-timeout, --request-timeout).
const HEADERS_MS = 2000;
const REQUEST_MS = 4000;
let port = 0;
let close: () => void = () => undefined;

beforeAll(async () => {
  const server = serveApp(createApp(), {
    port: 0,
    hostname: '127.0.0.1',
    timeouts: { headersMs: HEADERS_MS, requestMs: REQUEST_MS },
  });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
  close = () => server.close();
});
afterAll(() => close());

interface Dribble {
  /** Resolves when the server closes the connection: what it answered, and the bytes sent by then. */
  closed: Promise<{ answer: string; sent: number }>;
  socket: Socket;
}

/** Opens a connection that sends `head` at once, then `slow` one byte per `everyMs`. */
function dribble(head: string, slow: string, everyMs: number): Dribble {
  const socket = connect(port, '127.0.0.1');
  let sent = 0;
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (answer += chunk));
  socket.on('error', () => undefined); // a write after the server's close
  socket.write(head);
  const timer = setInterval(() => {
    if (!socket.writable || sent >= slow.length) return;
    socket.write(slow[sent] ?? '');
    sent += 1;
  }, everyMs);
  const closed = new Promise<{ answer: string; sent: number }>((resolve) =>
    socket.once('close', () => {
      clearInterval(timer);
      resolve({ answer, sent });
    }),
  );
  return { closed, socket };
}

/** The 408 Node's parser gets from the server: status line, the envelope, and the close. */
function expect408(answer: string) {
  expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(answer).toContain('Connection: close');
  const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
  expect(JSON.parse(body)).toEqual({
    result: 1,
    error: 'Request timeout: the request was not received in time',
    data: null,
  });
}

describe('slow clients', () => {
  it('disconnects a client sending a header byte a second once the headers timeout has passed, serving others meanwhile', async () => {
    const slow = dribble(
      'G',
      `ET /config.json HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(60)}`,
      1000,
    );
    // another client is served at once, twice, while the slow one holds its connection
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/config.json`);
      expect(res.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const { answer, sent } = await slow.closed;
    expect408(answer);
    // one byte a second for the 2 s allowed, and the server looks every 500 ms: at most 3 more
    expect(sent).toBeGreaterThanOrEqual(1);
    expect(sent).toBeLessThanOrEqual(HEADERS_MS / 1000 + 1);
  });

  it('disconnects a connection that sends nothing', async () => {
    const idle = dribble('', '', 1000);
    idle.socket.resume();
    const { answer, sent } = await idle.closed;
    expect(sent).toBe(0);
    expect408(answer);
  });

  it('disconnects a client sending its body a byte every half second once the request timeout has passed', async () => {
    const body = JSON.stringify({ login: 'student', password: 'x'.repeat(100) });
    const slow = dribble(
      `POST /api/auth/orize.json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
      500,
    );
    const { answer, sent } = await slow.closed;
    expect408(answer);
    expect(sent).toBeLessThan(body.length);
    expect(sent).toBeLessThanOrEqual(REQUEST_MS / 500 + 3);
  }, 15_000);

  it('asks Node to look for slow clients often enough, and defaults to 10 s for headers and 120 s for a request', () => {
    expect(DEFAULT_TIMEOUTS).toEqual({ headersMs: 10_000, requestMs: 120_000, keepAliveMs: 5_000 });
    expect(timeoutOptions(DEFAULT_TIMEOUTS)).toEqual({
      headersTimeout: 10_000,
      requestTimeout: 120_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 1000,
    });
    expect(timeoutOptions({ ...DEFAULT_TIMEOUTS, headersMs: HEADERS_MS })).toMatchObject({
      connectionsCheckingInterval: 500,
    });
  });
});
