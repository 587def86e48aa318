// The validating proxy: sits in front of a real backend (what the portal's dev server points at),
// passes every request and answer through untouched (bytes, each header as sent, every Set-Cookie
// on its own line), and checks a copy of each against the contract afterwards, reporting each
// drift once with the operation and the field.
import {
  request as httpRequest,
  createServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
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

type Report = (drift: Drift) => void;

/** A report that passes each distinct drift (operation, side, status, message) on once. */
function onceEach(onDrift: ((drift: Drift) => void) | undefined): Report {
  const seen = new Set<string>();
  return (drift) => {
    const key = `${drift.operationId}|${drift.side}|${drift.status ?? ''}|${drift.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    onDrift?.(drift);
  };
}

/** An exchange of an operation that passed, its bodies whole. */
interface Passed {
  op: Operation;
  req: IncomingMessage;
  url: URL;
  requestBody: Buffer;
  status: number;
  answerHeaders: IncomingMessage['headers'];
  answerBody: Buffer;
}

/** Reports the request's drift: a query or body the contract does not accept, or cannot read. */
async function judgeRequest(report: Report, { op, req, url, requestBody }: Passed) {
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
}

/** Reports the answer's drift: JSON that does not parse, or a status, type or body not declared. */
function judgeAnswer(report: Report, { op, status, answerHeaders, answerBody }: Passed) {
  const base = { operationId: op.operationId, method: op.method, path: op.path };
  const contentType = answerHeaders['content-type'];
  const mediaType = contentType?.split(';')[0]?.trim() ?? '';
  let body: unknown;
  if (isJsonMediaType(mediaType)) {
    try {
      body = JSON.parse(decodeBody(answerBody, answerHeaders['content-encoding']).toString('utf8'));
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

/** A body's copy, kept as it passes: whole up to the limit; past it, only its size is known. */
class BodyCopy {
  private readonly chunks: Buffer[] = [];
  private bytes = 0;

  constructor(
    private readonly keep: boolean,
    private readonly max: number,
  ) {}

  add(chunk: Buffer) {
    this.bytes += chunk.length;
    if (this.keep && this.bytes <= this.max) this.chunks.push(chunk);
  }

  /** Past the limit: passed on, but neither checked nor recorded. */
  get tooLarge() {
    return this.bytes > this.max;
  }

  whole() {
    return Buffer.concat(this.chunks);
  }

  /** As recorded: whole, or empty past the limit. */
  recorded() {
    return this.tooLarge ? Buffer.alloc(0) : this.whole();
  }
}

/** What passing one exchange on needs of the proxy. */
interface Relay {
  target: URL;
  send: typeof httpRequest;
  maxChecked: number;
  recorder: HarRecorder | undefined;
  /** Judges an operation's exchange once it has passed. */
  judge: (passed: Passed) => void;
}

/** The request's headers as sent (repeated ones too), only Host naming the backend. */
function upstreamHeaders(req: IncomingMessage, target: URL) {
  const headers: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    headers.push(name, name.toLowerCase() === 'host' ? target.host : req.rawHeaders[i + 1]!);
  }
  return headers;
}

/** The answer when the backend cannot be reached: a 502 envelope, or a cut one already begun. */
function backendUnreachable(res: ServerResponse, error: Error) {
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
}

/**
 * Passes one request to the backend and its answer back untouched, keeping a copy of each body
 * (for an operation's exchange, or for the recording); once the answer has ended, records the
 * exchange and has it judged, unless a body was too large or the request asked for a fault.
 */
function relay({ target, send, maxChecked, recorder, judge }: Relay) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const started = new Date();
    const url = new URL(req.url ?? '/', target);
    const op = findOperation(req.method ?? 'GET', url.pathname);
    const judged = op !== undefined && !isMockFault(req);
    const kept = judged || recorder !== undefined;
    const requestCopy = new BodyCopy(kept, maxChecked);
    const upstream = send(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: upstreamHeaders(req, target),
        setHost: false,
      },
      (answer) => {
        const waited = Date.now() - started.getTime();
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        const answerCopy = new BodyCopy(kept, maxChecked);
        answer.on('data', (chunk: Buffer) => {
          answerCopy.add(chunk);
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
            requestBody: requestCopy.recorded(),
            status: answer.statusCode ?? 0,
            statusText: answer.statusMessage ?? '',
            answerHeaders: answer.rawHeaders,
            answerBody: answerCopy.recorded(),
          });
          if (!judged || answerCopy.tooLarge || requestCopy.tooLarge) return;
          judge({
            op,
            req,
            url,
            requestBody: requestCopy.whole(),
            status: answer.statusCode ?? 0,
            answerHeaders: answer.headers,
            answerBody: answerCopy.whole(),
          });
        });
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', (error) => backendUnreachable(res, error));
    req.on('data', (chunk: Buffer) => {
      requestCopy.add(chunk);
      upstream.write(chunk);
    });
    req.on('end', () => upstream.end());
    req.on('error', () => upstream.destroy());
  };
}

/** The proxy in front of `options.target`: every exchange passed on, each operation's judged. */
export function createContractProxy(options: ProxyOptions): ContractProxy {
  const target = new URL(options.target);
  const report = onceEach(options.onDrift);
  // judgments still running, so a caller can wait for them instead of for a guessed time
  const pending = new Set<Promise<void>>();
  const judge = (passed: Passed) => {
    const judging = judgeRequest(report, passed)
      .then(() => judgeAnswer(report, passed))
      .finally(() => pending.delete(judging));
    pending.add(judging);
  };
  const recorder = options.recorder;
  const server = createServer(
    relay({
      target,
      send: target.protocol === 'https:' ? httpsRequest : httpRequest,
      maxChecked: options.maxCheckedBytes ?? 32 * 1024 * 1024,
      recorder,
      judge,
    }),
  );
  if (recorder) server.on('close', () => void recorder.flush());
  return Object.assign(server, {
    settled: async () => {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  });
}

/** One line per drift: operation, side and what differs. */
export function formatDrift(drift: Drift): string {
  const fields = drift.fields.length > 0 ? ` [${drift.fields.join(', ')}]` : '';
  return `drift ${drift.operationId} (${drift.method} ${drift.path}) ${drift.side}${drift.status ? ` ${drift.status}` : ''}: ${drift.message}${fields}`;
}
