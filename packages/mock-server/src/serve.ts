// The mock server on a Node HTTP server. Requests Node refuses before the app sees them (a request
// line or headers over its ~16 KB limit, e.g. a query string of a megabyte) are answered with the
// contract's 431 and the error envelope, not Node's bare status line. A client too slow to send its
// headers (--headers-timeout, 10 s) or its whole request (--request-timeout, 120 s) is answered 408
// with the envelope and disconnected, so slow clients cannot hold connections open (slowloris);
// an idle kept-alive connection is closed after 5 s. Every answer carries the
// security headers a production server sends (SecuredResponse; routes/web.ts adds the portal's
// Content-Security-Policy to its own files).
import {
  ServerResponse,
  type IncomingMessage,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
  type Server,
} from 'node:http';
import type { Duplex } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import { SECURITY_HEADERS } from './security-headers.js';

/** How long a client may take, in ms (`serveApp`'s `timeouts`). */
interface ServerTimeouts {
  /** From a request's first byte (or the connection, for its first request) to its last header. */
  headersMs: number;
  /** From a request's first byte to its last body byte (uploads included). */
  requestMs: number;
  /** How long a kept-alive connection may sit idle between requests. */
  keepAliveMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersMs: 10_000,
  requestMs: 120_000,
  keepAliveMs: 5_000,
};

/**
 * Node's options for the timeouts. Node checks the headers and request timeouts every
 * `connectionsCheckingInterval` (30 s by default, which let a slow client stay up to 30 s longer):
 * here a quarter of the headers timeout, at most a second.
 */
export function timeoutOptions({ headersMs, requestMs, keepAliveMs }: ServerTimeouts) {
  return {
    headersTimeout: headersMs,
    requestTimeout: requestMs,
    keepAliveTimeout: keepAliveMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersMs / 4))),
  };
}

const ENVELOPES: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'Request header fields too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    'Request Timeout',
    'Request timeout: the request was not received in time',
  ],
};

function answerClientError(error: Error & { code?: string }, socket: Duplex) {
  // an answer already under way (a request whose body came too slowly): no second one
  const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || answering?.headersSent) return socket.destroy();
  const [status, reason, message] = ENVELOPES[error.code ?? ''] ?? [
    400,
    'Bad Request',
    'Bad request',
  ];
  const body = JSON.stringify({ result: 1, error: message, data: null });
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

const SECURITY_ENTRIES = Object.entries(SECURITY_HEADERS).map(
  ([name, value]) => [name, name.toLowerCase(), value] as const,
);

/** Whether raw headers (an object, or an array of names and values) name `lower`, in any case. */
function names(headers: OutgoingHttpHeaders | readonly unknown[], lower: string) {
  if (Array.isArray(headers)) {
    return headers.some((entry, i) => {
      const name: unknown = Array.isArray(entry) ? entry[0] : i % 2 === 0 ? entry : undefined;
      return typeof name === 'string' && name.toLowerCase() === lower;
    });
  }
  for (const name in headers)
    if (name.length === lower.length && name.toLowerCase() === lower) return true;
  return false;
}

/**
 * A response that adds the security headers when it writes its head, each unless the app set it
 * itself (the app's wins). Added there rather than set on every response before the app runs:
 * a header set in advance sends every answer down Node's slower path, which merges the headers
 * set before with those writeHead is given.
 */
class SecuredResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {
  override writeHead(
    statusCode: number,
    statusMessage?: string,
    headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this;
  override writeHead(
    statusCode: number,
    headers?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this;
  override writeHead(
    statusCode: number,
    messageOrHeaders?: string | OutgoingHttpHeaders | OutgoingHttpHeader[],
    maybeHeaders?: OutgoingHttpHeaders | OutgoingHttpHeader[],
  ): this {
    const message = typeof messageOrHeaders === 'string' ? messageOrHeaders : undefined;
    let headers = typeof messageOrHeaders === 'string' ? maybeHeaders : messageOrHeaders;
    if (headers === undefined || Array.isArray(headers)) {
      for (const [name, lower, value] of SECURITY_ENTRIES) {
        if (!this.hasHeader(lower) && !(headers && names(headers, lower)))
          this.setHeader(name, value);
      }
    } else {
      let missing: OutgoingHttpHeaders | undefined;
      for (const [name, lower, value] of SECURITY_ENTRIES) {
        if (this.hasHeader(lower) || names(headers, lower)) continue;
        (missing ??= {})[name] = value;
      }
      // first, as when they were set before the app's (the wire order is unchanged)
      if (missing) headers = { ...missing, ...headers };
    }
    return message === undefined
      ? super.writeHead(statusCode, headers)
      : super.writeHead(statusCode, message, headers);
  }
}

export function serveApp(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  options: { port: number; hostname?: string; timeouts?: Partial<ServerTimeouts> },
  onListening?: (info: { port: number }) => void,
): ServerType {
  const { timeouts, ...address } = options;
  const server = serve(
    {
      fetch: app.fetch,
      ...address,
      serverOptions: {
        ServerResponse: SecuredResponse,
        ...timeoutOptions({ ...DEFAULT_TIMEOUTS, ...timeouts }),
      },
    },
    onListening,
  );
  (server as Server).on('clientError', answerClientError);
  return server;
}
