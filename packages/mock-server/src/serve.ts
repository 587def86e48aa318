// The mock server on a Node HTTP server. Requests Node refuses before the app sees them (a request
// line or headers over its ~16 KB limit, e.g. a query string of a megabyte) are answered with the
// contract's 431 and the error envelope, not Node's bare status line. Every answer carries the
// security headers a production server sends (routes/web.ts adds the portal's
// Content-Security-Policy to its own files).
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import { SECURITY_HEADERS } from './routes/web.js';

const ENVELOPES: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
};

function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  if (!socket.writable) return socket.destroy();
  const [status, reason] = ENVELOPES[error.code ?? ''] ?? [400, 'Bad Request'];
  const body = JSON.stringify({
    result: 1,
    error: status === 431 ? 'Request header fields too large' : 'Bad request',
    data: null,
  });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export function serveApp(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  options: { port: number; hostname?: string },
  onListening?: (info: { port: number }) => void,
): ServerType {
  const server = serve({ fetch: app.fetch, ...options }, onListening);
  (server as Server).on('clientError', answerClientError);
  // Before the app's listener: headers set here merge with (and yield to) those the app writes.
  (server as Server).prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  });
  return server;
}
