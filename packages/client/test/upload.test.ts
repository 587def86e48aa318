// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLmsClient, isLmsError, upload, type UploadProgress } from '../src';
import { startTestServer, type TestServer } from './test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const fields = {
  uid: 1001,
  role: 1 as const,
  id: 501,
  message: 'Консультация',
  audience: 2 as const,
  id_faculty: -1,
};

describe('upload (XMLHttpRequest) against a real HTTP server', () => {
  it('sends repeated file parts, reports progress and resolves to data', async () => {
    document.cookie = 'XSRF-TOKEN=from-cookie';
    const client = createLmsClient({ baseUrl: server.url });
    const events: UploadProgress[] = [];
    const big = new File([new Uint8Array(256 * 1024).fill(7)], 'lecture.pdf');
    const small = new File(['hello'], 'notes.txt');
    const data = await upload(client, '/api/news/insert.json', fields, [big, small], {
      onProgress: (progress) => events.push(progress),
    });
    expect(data).toEqual({ id_eventMessage: 7 });
    // jsdom fires one upload progress event at the end (without a length for FormData); Chromium's
    // intermediate events are covered by the Playwright news journey.
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      if (event.total !== undefined) expect(event.loaded).toBeLessThanOrEqual(event.total);
      else expect(event.fraction).toBeUndefined();
    }
    const request = server.requests.at(-1);
    expect(request?.headers['x-xsrf-token']).toBe('from-cookie');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.bodyBytes).toBeGreaterThan(256 * 1024);
  });

  it('can be cancelled and then rejects with CANCEL_ERROR', async () => {
    const client = createLmsClient({ baseUrl: server.url });
    const controller = new AbortController();
    const started = server.requests.length;
    const pending = upload(
      client,
      '/api/news/insert.json',
      fields,
      [new File([new Uint8Array(64 * 1024)], 'a.bin')],
      { signal: controller.signal, createXhr: () => hangingXhr() },
    );
    // Cancelled once the server holds the whole request, however long a loaded machine takes to
    // send it: what is cancelled is an upload in flight, not one that never left.
    await vi.waitFor(() => expect(server.requests.length).toBe(started + 1), { timeout: 10_000 });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(isLmsError(error) && error.problem).toBe('CANCEL_ERROR');
  });

  it('rejects a result error envelope with the server error value', async () => {
    const client = createLmsClient({ baseUrl: server.url });
    const error = await upload(client, '/api/news/insert.json', fields, [], {
      createXhr: () => withScenario('result-error'),
    }).catch((e: unknown) => e);
    expect(isLmsError(error) && error.serverError).toBe('Нет доступа');
  });
});

function withScenario(name: string): XMLHttpRequest {
  const xhr = new XMLHttpRequest();
  const open = xhr.open.bind(xhr) as (method: string, url: string) => void;
  xhr.open = ((method: string, url: string) => {
    open(method, url);
    xhr.setRequestHeader('X-Test-Scenario', name);
  }) as typeof xhr.open;
  return xhr;
}

function hangingXhr(): XMLHttpRequest {
  return withScenario('hang');
}
