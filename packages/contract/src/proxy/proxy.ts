// The validating proxy: sits in front of a real backend (what the portal's dev server points at),
// passes every request and answer through untouched (bytes, each header as sent, every Set-Cookie
// on its own line), and checks a copy of each against the contract afterwards, reporting each
// drift once with the operation and the field.
import { request as httpRequest, createServer, type IncomingMessage, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  checkAnswer,
  checkForm,
  checkJsonBody,
  checkQuery,
  findOperation,
  isJsonMediaType,
  readQuery,
  type Operation,
} from '../index.js';
import { decodeBody } from './content-encoding.js';
import type { HarRecorder } from './recorder.js';

export interface Drift {
  operationId: string;
  method: string;
  path: string;
  /** The request did not match the contract, or the answer did not. */
  side: 'request' | 'answer';
  status?: number;
  message: string;
  /** The fields named (JSON pointers or `body/x`). */
  fields: string[];
}

export interface ProxyOptions {
  target: string;
  /** Called once per distinct drift. */
  onDrift?: (drift: Drift) => void;
  /** Bodies larger than this are passed on but not checked (default 32 MB). */
  maxCheckedBytes?: number;
  /**
   * Records every exchange passed on (`--record`), bodies of at most `maxCheckedBytes` whole
   * (larger ones empty); its file is written once more as the proxy closes.
   */
  recorder?: HarRecorder;
}

/** Requests that ask the mock server to misbehave on purpose are passed on but not judged. */
const isMockFault = (req: IncomingMessage) =>
  req.headers['x-mock-scenario'] !== undefined ||
  /(?:^|;\s*)mock_scenario=/.test(req.headers.cookie ?? '');

async function requestProblem(
  op: Operation,
  url: URL,
  contentType: string | undefined,
  body: Buffer,
) {
  if (op.query.length > 0) {
    const read = readQuery(op, (name) => url.searchParams.getAll(name));
    if ('error' in read) return read.error;
    const problem = checkQuery(op, read.query);
    if (problem) return problem.error;
  }
  if (!op.requestBody) return null;
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!mediaType && !op.requestBody.required) return null;
  const pointer = op.requestBody.content[mediaType];
  if (!pointer)
    return `body: sent as ${mediaType || 'nothing'}, declared ${Object.keys(op.requestBody.content).join(' or ')}`;
  if (isJsonMediaType(mediaType)) {
    const checked = checkJsonBody(pointer, body.toString('utf8'), op.requestBody.required);
    return 'error' in checked ? checked.error : null;
  }
  const form = await new Response(body, {
    headers: { 'content-type': contentType ?? '' },
  }).formData();
  const parts: Record<string, (string | File)[]> = {};
  for (const [name, value] of form.entries()) (parts[name] ??= []).push(value);
  const checked = checkForm(pointer, parts);
  return 'error' in checked ? checked.error : null;
}

/** The proxy: a Node HTTP server (not yet listening). */
export interface ContractProxy extends Server {
  /** Resolves once every answer passed on so far has been judged (its drifts reported). */
  settled(): Promise<void>;
}

export function createContractProxy(options: ProxyOptions): ContractProxy {
  const target = new URL(options.target);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const maxChecked = options.maxCheckedBytes ?? 32 * 1024 * 1024;
  const seen = new Set<string>();
  const report = (drift: Drift) => {
    const key = `${drift.operationId}|${drift.side}|${drift.status ?? ''}|${drift.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    options.onDrift?.(drift);
  };

  // judgments still running, so a caller can wait for them instead of for a guessed time
  const pending = new Set<Promise<void>>();

  const recorder = options.recorder;
  const server = createServer((req, res) => {
    const started = new Date();
    const url = new URL(req.url ?? '/', target);
    const op = findOperation(req.method ?? 'GET', url.pathname);
    const judged = op !== undefined && !isMockFault(req);
    const kept = judged || recorder !== undefined;
    // the request's headers as sent (repeated ones too), only Host naming the backend
    const headers: string[] = [];
    for (let i = 0; i < req.rawHeaders.length; i += 2) {
      const name = req.rawHeaders[i]!;
      headers.push(name, name.toLowerCase() === 'host' ? target.host : req.rawHeaders[i + 1]!);
    }
    const requestChunks: Buffer[] = [];
    let requestBytes = 0;
    const upstream = send(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
        setHost: false,
      },
      (answer) => {
        const waited = Date.now() - started.getTime();
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        const answerChunks: Buffer[] = [];
        let answerBytes = 0;
        answer.on('data', (chunk: Buffer) => {
          answerBytes += chunk.length;
          if (kept && answerBytes <= maxChecked) answerChunks.push(chunk);
          res.write(chunk);
        });
        answer.on('end', () => {
          res.end();
          recorder?.record({
            started,
            waited,
            total: Date.now() - started.getTime(),
            method: req.method ?? 'GET',
            url: `http://${req.headers.host ?? target.host}${req.url ?? '/'}`,
            httpVersion: `HTTP/${req.httpVersion}`,
            requestHeaders: req.rawHeaders,
            requestBody: requestBytes > maxChecked ? Buffer.alloc(0) : Buffer.concat(requestChunks),
            status: answer.statusCode ?? 0,
            statusText: answer.statusMessage ?? '',
            answerHeaders: answer.rawHeaders,
            answerBody: answerBytes > maxChecked ? Buffer.alloc(0) : Buffer.concat(answerChunks),
          });
          if (!judged || answerBytes > maxChecked || requestBytes > maxChecked) return;
          const judging = judge(
            op,
            req,
            url,
            Buffer.concat(requestChunks),
            answer.statusCode ?? 0,
            answer.headers,
            Buffer.concat(answerChunks),
          ).finally(() => pending.delete(judging));
          pending.add(judging);
        });
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) {
        res.writeHead(502, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            result: 1,
            error: `Proxy: the backend cannot be reached (${error.message})`,
            data: null,
          }),
        );
      } else {
        res.destroy();
      }
    });
    req.on('data', (chunk: Buffer) => {
      requestBytes += chunk.length;
      if (kept && requestBytes <= maxChecked) requestChunks.push(chunk);
      upstream.write(chunk);
    });
    req.on('end', () => upstream.end());
    req.on('error', () => upstream.destroy());
  });
  if (recorder) server.on('close', () => void recorder.flush());
  return Object.assign(server, {
    settled: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  });

  async function judge(
    op: Operation,
    req: IncomingMessage,
    url: URL,
    requestBody: Buffer,
    status: number,
    answerHeaders: IncomingMessage['headers'],
    answerBody: Buffer,
  ) {
    const base = { operationId: op.operationId, method: op.method, path: op.path };
    try {
      const problem = await requestProblem(op, url, req.headers['content-type'], requestBody);
      if (problem)
        report({ ...base, side: 'request', message: problem, fields: [problem.split(':')[0]!] });
    } catch (error) {
      report({
        ...base,
        side: 'request',
        message: `body: could not be read (${String(error)})`,
        fields: ['body'],
      });
    }
    const contentType = answerHeaders['content-type'];
    const mediaType = contentType?.split(';')[0]?.trim() ?? '';
    let body: unknown;
    if (isJsonMediaType(mediaType)) {
      try {
        body = JSON.parse(
          decodeBody(answerBody, answerHeaders['content-encoding']).toString('utf8'),
        );
      } catch {
        report({
          ...base,
          side: 'answer',
          status,
          message: `answered ${status} with JSON that does not parse`,
          fields: ['/'],
        });
        return;
      }
    }
    const problem = checkAnswer(op, status, contentType, body);
    if (problem)
      report({ ...base, side: 'answer', status, message: problem.message, fields: problem.fields });
  }
}

/** One line per drift: operation, side and what differs. */
export function formatDrift(drift: Drift): string {
  const fields = drift.fields.length > 0 ? ` [${drift.fields.join(', ')}]` : '';
  return `drift ${drift.operationId} (${drift.method} ${drift.path}) ${drift.side}${drift.status ? ` ${drift.status}` : ''}: ${drift.message}${fields}`;
}
