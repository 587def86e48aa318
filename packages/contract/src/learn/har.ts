// Recordings of real traffic as HTTP Archives (HAR 1.2), as Chromium, Firefox and Safari export
// them and as the validating proxy records them, read into one shape: each exchange with its
// request and answer bodies as bytes (base64 or text), or as the form fields an exporter kept
// when it kept no body. What an exporter left out (a body it did not keep) is said, not guessed.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Entry, Har, Header, Param } from 'har-format';

/** A recording that cannot be read at all (exit code 2). */
export class RecordingError extends Error {}

export interface NameValue {
  name: string;
  value: string;
}

/** A form field an exporter listed without the body (`postData.params`). */
export interface FormParam {
  name: string;
  value?: string;
  fileName?: string;
}

export type RequestBody =
  | { kind: 'none' }
  | { kind: 'bytes'; contentType: string; bytes: Buffer }
  | { kind: 'params'; contentType: string; params: FormParam[] };

export type AnswerBody = { kind: 'missing' } | { kind: 'bytes'; bytes: Buffer };

export interface Exchange {
  /** Which recording and entry it came from (1-based), for a person to find it. */
  recording: string;
  entry: number;
  method: string;
  url: URL;
  /** 0 when the exporter saw no answer (aborted, blocked, failed). */
  status: number;
  requestHeaders: NameValue[];
  answerHeaders: NameValue[];
  requestCookies: NameValue[];
  answerCookies: NameValue[];
  requestBody: RequestBody;
  answerBody: AnswerBody;
  /** The answer's Content-Type header, else the exporter's `content.mimeType`. */
  answerContentType: string | undefined;
  /** Chromium's `_resourceType` ('xhr', 'script', …), when the exporter says. */
  resourceType: string | undefined;
  /** Served from the browser's cache (Chromium `_fromCache`, Safari `_fetchType`). */
  fromCache: boolean;
}

export interface Recording {
  file: string;
  /** `log.creator.name`: 'WebInspector' (Chromium), 'Firefox', 'WebKit Web Inspector', … */
  creator: string;
  exchanges: Exchange[];
}

/** `creator.name` of the validating proxy's own recordings, whose bodies are exact. */
export const PROXY_CREATOR = 'lms-contract-proxy';

export const headerValue = (headers: NameValue[], name: string) =>
  headers.find((header) => header.name.toLowerCase() === name)?.value;

const pairs = (list: unknown): NameValue[] =>
  Array.isArray(list)
    ? list.flatMap((item: Partial<Header>) =>
        typeof item?.name === 'string' && !item.name.startsWith(':')
          ? [{ name: item.name, value: String(item.value ?? '') }]
          : [],
      )
    : [];

/** Cookies of a `Cookie` header ('a=1; b=2'). */
export function parseCookieHeader(header: string | undefined): NameValue[] {
  if (!header) return [];
  return header.split(';').flatMap((part) => {
    const at = part.indexOf('=');
    if (at <= 0) return [];
    return [{ name: part.slice(0, at).trim(), value: part.slice(at + 1).trim() }];
  });
}

/** The cookie a `Set-Cookie` line sets ('token=…; Path=/; HttpOnly'). */
const setCookiePair = (line: string): NameValue[] => parseCookieHeader(line.split(';')[0]);

function requestBodyOf(entry: Entry, headers: NameValue[]): RequestBody {
  const postData = entry.request.postData as
    (Entry['request']['postData'] & { _encoding?: string }) | undefined;
  if (!postData) return { kind: 'none' };
  const contentType = headerValue(headers, 'content-type') ?? postData.mimeType ?? '';
  const text = typeof postData.text === 'string' ? postData.text : '';
  if (text !== '') {
    const bytes =
      postData._encoding === 'base64' ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8');
    return { kind: 'bytes', contentType, bytes };
  }
  const params = (Array.isArray(postData.params) ? postData.params : []) as Param[];
  if (params.length > 0) {
    return {
      kind: 'params',
      contentType,
      params: params.map((param) => ({
        name: String(param.name),
        ...(param.value !== undefined ? { value: String(param.value) } : {}),
        ...(param.fileName !== undefined ? { fileName: String(param.fileName) } : {}),
      })),
    };
  }
  return { kind: 'none' };
}

function answerBodyOf(entry: Entry, exact: boolean): AnswerBody {
  const content = entry.response.content as Entry['response']['content'] | undefined;
  const text = content?.text;
  // Firefox leaves `text` out for bodies it did not keep; Chromium writes '' for a body it has
  // not got (a cached answer, a 304). Only the proxy's recordings say an empty body was empty.
  if (typeof text !== 'string' || (text === '' && !exact)) return { kind: 'missing' };
  return {
    kind: 'bytes',
    bytes: content?.encoding === 'base64' ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8'),
  };
}

function exchangeOf(entry: Entry, index: number, file: string, exact: boolean): Exchange | null {
  const request = entry?.request;
  const response = entry?.response;
  if (!request || typeof request.url !== 'string' || typeof request.method !== 'string') {
    return null;
  }
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return null;
  }
  const requestHeaders = pairs(request.headers);
  const answerHeaders = pairs(response?.headers);
  const requestCookies = pairs(request.cookies);
  for (const cookie of parseCookieHeader(headerValue(requestHeaders, 'cookie'))) {
    if (!requestCookies.some((known) => known.name === cookie.name)) requestCookies.push(cookie);
  }
  const answerCookies = [
    ...pairs(response?.cookies),
    ...answerHeaders
      .filter((header) => header.name.toLowerCase() === 'set-cookie')
      .flatMap((header) => header.value.split('\n').flatMap(setCookiePair)),
  ];
  const extra = entry as Entry & { _fetchType?: string; _resourceType?: string };
  const error = (response as { _error?: string | null } | undefined)?._error;
  return {
    recording: file,
    entry: index + 1,
    method: request.method.toUpperCase(),
    url,
    // Playwright writes -1 for a request that had no answer when its context closed
    status: error ? 0 : Math.max(0, Number(response?.status ?? 0) || 0),
    requestHeaders,
    answerHeaders,
    requestCookies,
    answerCookies,
    requestBody: requestBodyOf(entry, requestHeaders),
    answerBody: response ? answerBodyOf(entry, exact) : { kind: 'missing' },
    answerContentType:
      headerValue(answerHeaders, 'content-type') ?? (response?.content?.mimeType || undefined),
    resourceType: typeof extra._resourceType === 'string' ? extra._resourceType : undefined,
    fromCache:
      Boolean(extra._fromCache) ||
      (typeof extra._fetchType === 'string' && /cache/i.test(extra._fetchType)),
  };
}

/** Reads one HAR file; a RecordingError when it is not one. */
export function readRecording(path: string): Recording {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new RecordingError(`Cannot read ${path}: ${(error as NodeJS.ErrnoException).code}`);
  }
  let har: Har;
  try {
    har = JSON.parse(text.replace(/^\uFEFF/, '')) as Har;
  } catch {
    throw new RecordingError(`${path} is not JSON, so not a HAR file.`);
  }
  const log = har?.log;
  if (!log || typeof log !== 'object' || !Array.isArray(log.entries)) {
    throw new RecordingError(`${path} is not a HAR file: it has no log.entries.`);
  }
  const creator = typeof log.creator?.name === 'string' ? log.creator.name : 'unknown';
  const file = basename(path);
  const exact = creator === PROXY_CREATOR;
  const exchanges = log.entries.flatMap((entry, index) => {
    const exchange = exchangeOf(entry, index, file, exact);
    return exchange ? [exchange] : [];
  });
  return { file, creator, exchanges };
}
