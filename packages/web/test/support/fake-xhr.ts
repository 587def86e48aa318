import { vi } from 'vitest';
import { encodeMultipart, readForm, type SentForm } from './multipart';

export interface FakeXhr {
  /** Every form sent, in order. */
  sent: SentForm[];
  /** Holds every upload after its progress until the returned release() (or until aborted). */
  hold: () => () => void;
}

/**
 * Enough of XMLHttpRequest for @lms/client's upload() (multipart with progress), installed as the
 * global one with vi.stubGlobal (vi.unstubAllGlobals() removes it): it reports upload progress in
 * two steps, then sends the form to `fetch`, e.g. the in-process mock server's.
 */
export function installFakeXhr(fetch: (request: Request) => Promise<Response>): FakeXhr {
  const sent: SentForm[] = [];
  let gate: Promise<void> | null = null;
  const hold = () => {
    let release = () => {};
    gate = new Promise<void>((resolve) => {
      release = () => {
        gate = null;
        resolve();
      };
    });
    return release;
  };

  class FakeXhrRequest {
    status = 0;
    responseText = '';
    timeout = 0;
    withCredentials = false;
    private url = '';
    private headers = new Headers();
    private listeners = new Map<string, (() => void)[]>();
    private uploadListeners: ((event: ProgressEvent) => void)[] = [];
    private controller = new AbortController();
    readonly upload = {
      addEventListener: (_type: string, listener: (event: ProgressEvent) => void) => {
        this.uploadListeners.push(listener);
      },
    };

    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    addEventListener(type: string, listener: () => void) {
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    }
    private emit(type: string) {
      for (const listener of this.listeners.get(type) ?? []) listener();
    }
    abort() {
      this.controller.abort();
      this.emit('abort');
    }
    send(form: FormData) {
      const parts = readForm(form);
      sent.push(parts);
      const total = parts.files.reduce((sum, file) => sum + file.size, 0) + 512;
      void (async () => {
        for (const loaded of [total / 2, total]) {
          await Promise.resolve();
          if (this.controller.signal.aborted) return;
          for (const listener of this.uploadListeners) {
            listener({ loaded, total, lengthComputable: true } as ProgressEvent);
          }
        }
        if (gate) {
          const aborted = new Promise<void>((resolve) =>
            this.controller.signal.addEventListener('abort', () => resolve()),
          );
          await Promise.race([gate, aborted]);
        }
        if (this.controller.signal.aborted) return;
        const { body, type } = await encodeMultipart(form);
        this.headers.set('content-type', type);
        const response = await fetch(
          new Request(this.url, { method: 'POST', headers: this.headers, body }),
        );
        this.status = response.status;
        this.responseText = await response.text();
        this.emit('load');
      })();
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhrRequest);
  return { sent, hold };
}
