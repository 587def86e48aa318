import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A real HTTP server on 127.0.0.1 whose answers are chosen by the X-Test-Scenario header. */
export interface TestServer {
  url: string;
  requests: {
    method: string;
    url: string;
    headers: IncomingMessage['headers'];
    bodyBytes: number;
  }[];
  abortedRequests: number;
  close(): Promise<void>;
}

const newsItem = {
  id_eventMessage: 1,
  author: 'Асанов Б.Э.|Асанов Бакыт Эркинович',
  message: 'Привет',
  fileName: 'a.pdf',
  created: '2026-11-20T09:15:00+06:00',
  canEdit: false,
};

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': typeof body === 'string' ? 'text/plain' : 'application/json',
  });
  res.end(text);
}

export async function startTestServer(): Promise<TestServer> {
  const state: TestServer = { url: '', requests: [], abortedRequests: 0, close: async () => {} };
  const server: Server = createServer((req, res) => {
    // jsdom's XMLHttpRequest runs on another origin; allow it with credentials.
    const origin = req.headers.origin;
    if (origin) {
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Access-Control-Allow-Credentials', 'true');
      res.setHeader(
        'Access-Control-Allow-Headers',
        'accept, content-type, x-xsrf-token, x-test-scenario',
      );
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    let bodyBytes = 0;
    req.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
    req.on('aborted', () => state.abortedRequests++);
    req.on('end', () => {
      state.requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        bodyBytes,
      });
      const scenario = String(req.headers['x-test-scenario'] ?? 'ok');
      if (req.url === '/config.json') return send(res, 200, { name: 'LMS', maxSizeMb: 10 });
      switch (scenario) {
        case 'ok':
          return send(res, 200, {
            result: 0,
            error: null,
            data: req.url?.includes('insert') ? { id_eventMessage: 7 } : [newsItem],
          });
        case 'client-error':
          return send(res, 400, { result: 1, error: 'body/page: must be integer', data: null });
        case 'server-error':
          return send(res, 500, { result: 1, error: 'Internal server error', data: null });
        case 'server-error-text':
          return send(res, 502, 'Bad gateway');
        case 'result-error':
          return send(res, 200, { result: 1, error: 'Нет доступа', data: null });
        case 'slow':
          setTimeout(() => send(res, 200, { result: 0, error: null, data: [] }), 1_000);
          return;
        case 'hang':
          return; // never answers; the client must time out or cancel
        default:
          return send(res, 418, { result: 1, error: `unknown scenario ${scenario}`, data: null });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  state.url = `http://127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

/** A port that was just free: nothing listens there, so connecting is refused. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
