import type { paths } from './generated/schema';
import { XSRF_HEADER } from './cookies';
import type { LmsClient } from './create-client';
import { unwrapEnvelope, type Unwrapped } from './envelope';
import { errorFromResponse, LmsError } from './http-errors';

/** The four multipart calls of the contract. */
export type UploadPath = {
  [P in keyof paths]: paths[P] extends {
    post: { requestBody: { content: { 'multipart/form-data': unknown } } };
  }
    ? P
    : never;
}[keyof paths];

type MultipartBody<P extends UploadPath> =
  paths[P]['post']['requestBody']['content']['multipart/form-data'];
type FieldValue = string | number | boolean | null | undefined;
/** Every form field but the files, as the contract names them. */
export type UploadFields<P extends UploadPath> = {
  [K in Exclude<keyof MultipartBody<P>, 'file'>]: MultipartBody<P>[K] extends FieldValue
    ? MultipartBody<P>[K]
    : FieldValue;
};
type UploadResponse<P extends UploadPath> =
  paths[P]['post']['responses'][200]['content']['application/json'];
export type UploadData<P extends UploadPath> = Unwrapped<UploadResponse<P>>;

export interface UploadProgress {
  loaded: number;
  /** Total bytes when the browser knows it, otherwise undefined. */
  total: number | undefined;
  /** 0..1 when the total is known. */
  fraction: number | undefined;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Defaults to the client's timeout (30 s); 0 disables it. */
  timeoutMs?: number;
  /** Injectable for environments without a global XMLHttpRequest. */
  createXhr?: () => XMLHttpRequest;
}

function toFormData(fields: Record<string, FieldValue>, files: readonly Blob[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, typeof value === 'boolean' ? (value ? 'true' : 'false') : String(value));
  }
  for (const file of files) {
    form.append('file', file, file instanceof File ? file.name : 'file');
  }
  return form;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends one of the four multipart calls with repeated `file` parts. fetch cannot report upload
 * progress, so this uses XMLHttpRequest; it resolves to the envelope's `data` and rejects with an
 * `LmsError` (CANCEL_ERROR when the signal aborts it).
 */
export function upload<P extends UploadPath>(
  client: Pick<LmsClient, 'baseUrl' | 'timeoutMs' | 'getXsrfToken'>,
  path: P,
  fields: UploadFields<P>,
  files: readonly Blob[],
  options: UploadOptions = {},
): Promise<UploadData<P>> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new LmsError('CANCEL_ERROR', 'Upload cancelled'));
      return;
    }
    const xhr = options.createXhr ? options.createXhr() : new XMLHttpRequest();
    xhr.open('POST', `${client.baseUrl}${path}`);
    xhr.timeout = options.timeoutMs ?? client.timeoutMs;
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const xsrf = client.getXsrfToken();
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);

    const onAbortSignal = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbortSignal, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbortSignal);

    xhr.upload.addEventListener('progress', (event) => {
      const total = event.lengthComputable ? event.total : undefined;
      options.onProgress?.({
        loaded: event.loaded,
        total,
        fraction: total ? event.loaded / total : undefined,
      });
    });
    xhr.addEventListener('load', () => {
      settle();
      const body = parseJson(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFromResponse(xhr.status, body));
        return;
      }
      try {
        resolve(unwrapEnvelope(body as UploadResponse<P>, xhr.status));
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new LmsError('CANCEL_ERROR', 'Upload cancelled'));
    });
    xhr.addEventListener('timeout', () => {
      settle();
      reject(new LmsError('TIMEOUT_ERROR', 'Upload timed out'));
    });
    xhr.addEventListener('error', () => {
      settle();
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      reject(
        new LmsError(
          offline ? 'NETWORK_ERROR' : 'CONNECTION_ERROR',
          'Upload failed to reach the server',
        ),
      );
    });
    xhr.send(toFormData(fields as Record<string, FieldValue>, files));
  });
}
