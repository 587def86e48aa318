// The validating proxy's recording (`--record <file.har>`): every exchange it passes on, as an
// HTTP Archive 1.2 that `pnpm contract:learn` (and any HAR viewer) reads. Bodies are kept exactly:
// text as text, anything else base64 (requests too, marked `_encoding`, beside the form's
// `params`). The file is always a whole, valid HAR: it is rewritten atomically (a temporary file
// renamed over it) after every few exchanges, a moment after the last one, and at the end, so a
// proxy stopped at any point leaves the exchanges up to its last write. A recording holds the
// session's secrets as they passed: keep it like a password.
import { renameSync, writeFileSync } from 'node:fs';
import { writeFile, rename } from 'node:fs/promises';
import type { Entry, Har, Header } from 'har-format';
import { decodeBody } from './content-encoding.js';

/** `log.creator.name` of these recordings. */
export const RECORDER_NAME = 'lms-contract-proxy';

/** One exchange as the proxy passed it on. */
export interface PassedExchange {
  started: Date;
  /** Milliseconds from the request to the answer's first byte, and to its end. */
  waited: number;
  total: number;
  method: string;
  /** The URL the client asked for, its own host included. */
  url: string;
  httpVersion: string;
  requestHeaders: readonly string[];
  requestBody: Buffer;
  status: number;
  statusText: string;
  answerHeaders: readonly string[];
  answerBody: Buffer;
}

export interface HarRecorder {
  record(exchange: PassedExchange): void;
  /** Writes what is recorded so far (atomically). */
  flush(): Promise<void>;
  /** Writes everything now, synchronously: for a process about to exit. */
  close(): void;
  readonly recorded: number;
}

const TEXTUAL =
  /^(text\/|application\/([\w.+-]*\+)?(json|xml|javascript|x-www-form-urlencoded)|image\/svg\+xml)/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A body as HAR text: UTF-8 when it is text that decodes whole, else base64. */
function bodyText(bytes: Buffer, mediaType: string): { text: string; base64: boolean } {
  if (bytes.length === 0) return { text: '', base64: false };
  if (TEXTUAL.test(mediaType)) {
    try {
      return { text: utf8.decode(bytes), base64: false };
    } catch {
      // not UTF-8 after all: kept as base64 below
    }
  }
  return { text: bytes.toString('base64'), base64: true };
}

function headerPairs(raw: readonly string[]): Header[] {
  const headers: Header[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) headers.push({ name: raw[i]!, value: raw[i + 1]! });
  return headers;
}

const valueOf = (headers: Header[], name: string) =>
  headers.find((h) => h.name.toLowerCase() === name)?.value;

function cookiesOf(header: string | undefined) {
  return (header ?? '').split(';').flatMap((part) => {
    const at = part.indexOf('=');
    return at > 0 ? [{ name: part.slice(0, at).trim(), value: part.slice(at + 1).trim() }] : [];
  });
}

function setCookies(headers: Header[]) {
  return headers
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => {
      const [pair = '', ...attributes] = h.value.split(';');
      const at = pair.indexOf('=');
      const attribute = (name: string) =>
        attributes.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith(name));
      return {
        name: pair.slice(0, at).trim(),
        value: pair.slice(at + 1).trim(),
        ...(attribute('path=') ? { path: attribute('path=')!.slice(5) } : {}),
        httpOnly: attribute('httponly') !== undefined,
        secure: attribute('secure') !== undefined,
      };
    });
}

/** The answer as the server meant it; bytes that do not match their Content-Encoding are kept as sent. */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  try {
    return decodeBody(body, encoding);
  } catch {
    return body;
  }
}

/** A multipart or url-encoded form's fields, as HAR `params` (files by name and type). */
async function formParams(body: Buffer, contentType: string) {
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(contentType)) return [];
  try {
    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
    return [...form.entries()].map(([name, value]) =>
      typeof value === 'string'
        ? { name, value }
        : { name, fileName: value.name, contentType: value.type },
    );
  } catch {
    return [];
  }
}

/** The exchange as a HAR entry; a form's `params` are filled in once parsed. */
function harEntry(exchange: PassedExchange): { entry: Entry; params: Promise<void> } {
  const requestHeaders = headerPairs(exchange.requestHeaders);
  const answerHeaders = headerPairs(exchange.answerHeaders);
  const url = new URL(exchange.url);
  const requestType = valueOf(requestHeaders, 'content-type') ?? '';
  const answerType = valueOf(answerHeaders, 'content-type') ?? '';
  const answerBody = decoded(exchange.answerBody, valueOf(answerHeaders, 'content-encoding'));
  const content = bodyText(answerBody, answerType.split(';')[0] ?? '');
  const request = bodyText(exchange.requestBody, requestType.split(';')[0] ?? '');
  const postData =
    exchange.requestBody.length > 0
      ? {
          mimeType: requestType,
          text: request.text,
          params: [] as Awaited<ReturnType<typeof formParams>>,
          ...(request.base64 ? { _encoding: 'base64' } : {}),
        }
      : undefined;
  const params = postData
    ? formParams(exchange.requestBody, requestType).then((list) => {
        postData.params = list;
      })
    : Promise.resolve();
  const entry = {
    startedDateTime: exchange.started.toISOString(),
    time: exchange.total,
    request: {
      method: exchange.method,
      url: exchange.url,
      httpVersion: exchange.httpVersion,
      headers: requestHeaders,
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      cookies: cookiesOf(valueOf(requestHeaders, 'cookie')),
      headersSize: -1,
      bodySize: exchange.requestBody.length,
      ...(postData ? { postData } : {}),
    },
    response: {
      status: exchange.status,
      statusText: exchange.statusText,
      httpVersion: exchange.httpVersion,
      headers: answerHeaders,
      cookies: setCookies(answerHeaders),
      content: {
        size: answerBody.length,
        compression: answerBody.length - exchange.answerBody.length,
        mimeType: answerType || 'x-unknown',
        text: content.text,
        ...(content.base64 ? { encoding: 'base64' } : {}),
      },
      redirectURL: valueOf(answerHeaders, 'location') ?? '',
      headersSize: -1,
      bodySize: exchange.answerBody.length,
    },
    cache: {},
    timings: {
      blocked: -1,
      dns: -1,
      connect: -1,
      send: 0,
      wait: exchange.waited,
      receive: Math.max(0, exchange.total - exchange.waited),
    },
  } as Entry;
  return { entry, params };
}

export interface RecorderOptions {
  /** Write after this many new exchanges (default 20)… */
  every?: number;
  /** …or this long after the last one (default 1000 ms). */
  idleMs?: number;
}

/** A recorder writing to `path`, which it empties (a HAR with no entries) at once. */
export function createHarRecorder(path: string, options: RecorderOptions = {}): HarRecorder {
  const every = options.every ?? 20;
  const idleMs = options.idleMs ?? 1000;
  const entries: Entry[] = [];
  // forms still being parsed into their entries' params
  const converting = new Set<Promise<void>>();
  let written = -1;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  const temporary = `${path}.${process.pid}.tmp`;

  const serialise = () => {
    const har: Har = {
      log: {
        version: '1.2',
        creator: { name: RECORDER_NAME, version: '1.0' },
        entries: [...entries].sort((a, b) => a.startedDateTime.localeCompare(b.startedDateTime)),
      },
    };
    written = entries.length;
    return `${JSON.stringify(har, null, 1)}\n`;
  };
  const writeNow = () => {
    writeFileSync(temporary, serialise());
    renameSync(temporary, path);
  };
  const schedule = () => {
    if (entries.length - written >= every) void flush();
    else if (!timer) {
      timer = setTimeout(() => void flush(), idleMs);
      timer.unref();
    }
  };
  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    await Promise.allSettled([...converting]);
    writing = writing.then(async () => {
      if (entries.length === written) return;
      const text = serialise();
      await writeFile(temporary, text);
      await rename(temporary, path);
    });
    await writing;
  };
  writeNow();
  return {
    record(exchange) {
      const { entry, params } = harEntry(exchange);
      entries.push(entry);
      const job = params.finally(() => converting.delete(job));
      converting.add(job);
      schedule();
    },
    flush,
    close() {
      clearTimeout(timer);
      timer = undefined;
      writeNow();
    },
    get recorded() {
      return entries.length;
    },
  };
}
