import { isLmsError } from '@lms/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  askAhead,
  PREFETCHED_ANSWER_MS,
  forgetPrefetchedAnswers,
  withPrefetchedAnswers,
} from '../src/lib/query/prefetched-answers';
import { createStubClient } from './support/mock-backend';

interface Sent {
  path: string;
  body: unknown;
}

/**
 * A client asked through `withPrefetchedAnswers`, over a stub server that numbers its answers (`n`), so
 * a test tells which request an answer came from; `failing` paths answer 500.
 */
function setUp(failing: string[] = []) {
  const sent: Sent[] = [];
  const backend = createStubClient((path, body) => {
    sent.push({ path, body });
    if (failing.includes(path)) return { status: 500, body: { result: 1, error: 'down' } };
    return { body: { result: 0, error: '', data: { n: sent.length, path } } };
  });
  return { client: withPrefetchedAnswers(backend.client), sent, calls: backend.calls };
}

/** Lets the stub server's answers (and any unhandled rejection) come through. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

const PHOTO = '/api/misc/photo';

afterEach(() => {
  vi.useRealTimers();
});

describe('withPrefetchedAnswers / askAhead', () => {
  it('sends an answer asked ahead at once, and the first call with the same request takes it', async () => {
    const { client, sent } = setUp();
    askAhead(client, 'post', PHOTO, { uid: 7, role: 1 });
    await settle();
    // Asked before any call reads it.
    expect(sent).toEqual([{ path: PHOTO, body: { uid: 7, role: 1 } }]);

    const answer = await client.post(PHOTO, { body: { uid: 7, role: 1 } });
    expect(answer).toEqual({ n: 1, path: PHOTO });
    // Nothing is asked twice.
    expect(sent).toHaveLength(1);
  });

  it('matches the body whatever the order of its keys, and ignores undefined values', async () => {
    const { client, sent } = setUp();
    askAhead(client, 'post', '/api/news/data.json', { id: 3, uid: 7, role: 1, page: 1 });
    // The same fields in another order, and one left undefined (JSON does not send it either).
    const body = { page: 1, role: 1 as const, uid: 7, id: 3, faculty: undefined };
    expect(await client.post('/api/news/data.json', { body })).toEqual({
      n: 1,
      path: '/api/news/data.json',
    });
    expect(sent).toHaveLength(1);
  });

  it('takes a GET asked ahead without a body', async () => {
    const { client, calls } = setUp();
    askAhead(client, 'get', '/api/discipline/current/year.json');
    expect(await client.get('/api/discipline/current/year.json')).toMatchObject({ n: 1 });
    expect(calls).toEqual(['/api/discipline/current/year.json']);
  });

  it('gives an answer to one call only: the next call with the same request goes to the server', async () => {
    const { client, sent } = setUp();
    askAhead(client, 'post', PHOTO, { uid: 7, role: 1 });
    expect(await client.post(PHOTO, { body: { uid: 7, role: 1 } })).toMatchObject({ n: 1 });
    expect(await client.post(PHOTO, { body: { uid: 7, role: 1 } })).toMatchObject({ n: 2 });
    expect(sent).toHaveLength(2);
  });

  it('asks once when the same request is asked ahead twice', async () => {
    const { client, sent } = setUp();
    askAhead(client, 'post', PHOTO, { uid: 7, role: 1 });
    askAhead(client, 'post', PHOTO, { role: 1, uid: 7 });
    await settle();
    expect(sent).toHaveLength(1);
  });

  it('leaves a call with another body, method or path to the server, and the answer waiting', async () => {
    const { client, sent } = setUp();
    askAhead(client, 'post', PHOTO, { uid: 7, role: 1 });
    await settle();

    expect(await client.post(PHOTO, { body: { uid: 8, role: 1 } })).toMatchObject({ n: 2 });
    expect(await client.post('/api/misc/defaultyear', { body: { uid: 7 } })).toMatchObject({
      n: 3,
    });
    expect(sent.map((request) => request.body)).toEqual([
      { uid: 7, role: 1 },
      { uid: 8, role: 1 },
      { uid: 7 },
    ]);
    // The call it was asked for still takes it.
    expect(await client.post(PHOTO, { body: { uid: 7, role: 1 } })).toMatchObject({ n: 1 });
    expect(sent).toHaveLength(3);
  });

  it('forgetPrefetchedAnswers drops every answer asked ahead: the calls go to the server', async () => {
    const { client, sent } = setUp();
    askAhead(client, 'post', PHOTO, { uid: 7, role: 1 });
    askAhead(client, 'get', '/config.json');
    await settle();
    forgetPrefetchedAnswers(client);

    expect(await client.post(PHOTO, { body: { uid: 7, role: 1 } })).toMatchObject({ n: 3 });
    expect(await client.get('/config.json')).toMatchObject({ n: 4 });
    expect(sent).toHaveLength(4);
  });

  it('keeps an answer PREFETCHED_ANSWER_MS for its call, then drops it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { client, calls } = setUp();
    askAhead(client, 'get', '/config.json');
    askAhead(client, 'post', PHOTO, { uid: 7, role: 1 });

    vi.advanceTimersByTime(PREFETCHED_ANSWER_MS - 1);
    // Still waiting for its call just before the time is up.
    expect(await client.get('/config.json')).toMatchObject({ n: 1 });
    expect(calls).toHaveLength(2);

    vi.advanceTimersByTime(1);
    // Too late: this call is answered by the server, not by the answer asked ahead.
    expect(await client.post(PHOTO, { body: { uid: 7, role: 1 } })).toMatchObject({ n: 3 });
    expect(calls).toHaveLength(3);
  });

  it('a new answer asked after one was taken lasts its own PREFETCHED_ANSWER_MS', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { client, calls } = setUp();
    askAhead(client, 'get', '/config.json');
    expect(await client.get('/config.json')).toMatchObject({ n: 1 });

    vi.advanceTimersByTime(PREFETCHED_ANSWER_MS / 2);
    askAhead(client, 'get', '/config.json');
    // The first answer's time is up; the second one's is not.
    vi.advanceTimersByTime(PREFETCHED_ANSWER_MS / 2);
    expect(await client.get('/config.json')).toMatchObject({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('rejects a failed answer to the call that takes it, and not before as an unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      const { client, sent } = setUp([PHOTO]);
      askAhead(client, 'post', PHOTO, { uid: 7, role: 1 });
      await settle();
      expect(sent).toHaveLength(1);
      expect(unhandled).toEqual([]);

      const failure = await client.post(PHOTO, { body: { uid: 7, role: 1 } }).catch((e) => e);
      expect(isLmsError(failure) && failure.problem).toBe('SERVER_ERROR');
      // The failure came from the request asked ahead: the call did not ask again.
      expect(sent).toHaveLength(1);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  it('does nothing for a client that cannot be asked ahead', async () => {
    const backend = createStubClient(() => ({ body: { result: 0, error: '', data: null } }));
    askAhead(backend.client, 'get', '/config.json');
    await settle();
    expect(backend.calls).toEqual([]);
  });
});
