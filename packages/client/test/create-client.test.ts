import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createLmsClient, isLmsError, type LmsClient, type Problem } from '../src';
import type { components, LmsError } from '../src';
import { closedPort, startTestServer, type TestServer } from './test-server';

let server: TestServer;
let client: LmsClient;

beforeAll(async () => {
  server = await startTestServer();
  client = createLmsClient({ baseUrl: server.url, getXsrfToken: () => 'xsrf-123' });
});
afterAll(() => server.close());

const page1 = { body: { id: 7001, uid: 2001, role: 2 as const, page: 1 } };
const scenario = (name: string) => ({ ...page1, headers: { 'X-Test-Scenario': name } });

async function problemOf(promise: Promise<unknown>): Promise<LmsError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isLmsError(error), `expected an LmsError, got ${String(error)}`).toBe(true);
  return error as LmsError;
}

describe('createLmsClient against a real HTTP server', () => {
  it('unwraps a 2xx envelope to its typed data', async () => {
    const data = await client.post('/api/news/data.json', page1);
    expectTypeOf(data).toEqualTypeOf<components['schemas']['NewsItem'][]>();
    expect(data[0]?.author).toBe('Асанов Б.Э.|Асанов Бакыт Эркинович');
  });

  it('returns plain bodies (config) as they are', async () => {
    const config = await client.get('/config.json');
    expect(config.maxSizeMb).toBe(10);
  });

  it('sends JSON with Accept and the XSRF header', async () => {
    await client.post('/api/news/data.json', page1);
    const last = server.requests.at(-1);
    expect(last?.headers['accept']).toBe('application/json');
    expect(last?.headers['content-type']).toBe('application/json');
    expect(last?.headers['x-xsrf-token']).toBe('xsrf-123');
  });

  it.each<[string, Problem, number | undefined, unknown]>([
    ['client-error', 'CLIENT_ERROR', 400, 'body/page: must be integer'],
    ['server-error', 'SERVER_ERROR', 500, 'Internal server error'],
    ['server-error-text', 'SERVER_ERROR', 502, undefined],
    ['result-error', 'OK', 200, 'Нет доступа'],
  ])('classifies %s as %s', async (name, problem, status, serverError) => {
    const error = await problemOf(client.post('/api/news/data.json', scenario(name)));
    expect(error.problem).toBe(problem);
    expect(error.status).toBe(status);
    expect(error.serverError).toEqual(serverError);
    expect(error.isResultError).toBe(problem === 'OK');
  });

  it('times out with TIMEOUT_ERROR', async () => {
    const quick = createLmsClient({ baseUrl: server.url, timeoutMs: 150 });
    const error = await problemOf(quick.post('/api/news/data.json', scenario('hang')));
    expect(error.problem).toBe('TIMEOUT_ERROR');
  });

  it('does not time out a slow answer within the limit', async () => {
    const patient = createLmsClient({ baseUrl: server.url, timeoutMs: 5_000 });
    await expect(patient.post('/api/news/data.json', scenario('slow'))).resolves.toEqual([]);
  });

  it('reports a refused connection as CONNECTION_ERROR', async () => {
    const port = await closedPort();
    const nowhere = createLmsClient({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await problemOf(nowhere.post('/api/news/data.json', page1));
    expect(error.problem).toBe('CONNECTION_ERROR');
  });

  it('reports an aborted request as CANCEL_ERROR', async () => {
    const controller = new AbortController();
    const pending = client.post('/api/news/data.json', {
      ...scenario('hang'),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    const error = await problemOf(pending);
    expect(error.problem).toBe('CANCEL_ERROR');
  });

  it('reports anything else as UNKNOWN_ERROR', async () => {
    const broken = createLmsClient({
      baseUrl: server.url,
      fetch: () => Promise.reject(new RangeError('boom')),
    });
    const error = await problemOf(broken.post('/api/news/data.json', page1));
    expect(error.problem).toBe('UNKNOWN_ERROR');
  });

  it('can run in-process through a custom fetch (no port)', async () => {
    const inProcess = createLmsClient({
      baseUrl: 'http://lms.test',
      fetch: async () => Response.json({ result: 0, error: null, data: [] }),
    });
    await expect(inProcess.post('/api/news/data.json', page1)).resolves.toEqual([]);
  });
});
