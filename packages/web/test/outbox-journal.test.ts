import 'fake-indexeddb/auto';
import { createLmsClient, type LmsClient } from '@lms/client';
import { describe, expect, it } from 'vitest';
import { visitsStored } from '../src/features/journal/api/reconcile-visits';
import { registerVisitSender, visitOutbox } from '../src/features/journal/api/send-visits';
import { classKey, type VisitUpdate } from '../src/features/journal/utils/journal-class';
import { forgetWrites } from '../src/lib/offline/outbox/outbox-store';
import { DEMO_PRACTICE_CLASS } from './support/demo-world';
import { signInDemo, type MockBackend } from './support/mock-backend';
import { pass, settle, setUpRetryClock } from './support/retry-clock';

// The mock world's Friday: nothing is stored for it yet.
const DATE = '2026-11-20';
const PRACTICE = DEMO_PRACTICE_CLASS;
/** The roll call's write. */
const INSERT_ALL = '/api/visitlog/studentvisitinsertall';

/** Turns of the event loop a write to the in-process mock server takes to settle. */
const ROUNDS = 40;

/** The practice class's roll for the date: the first student absent, with no mark id. */
async function rollOf(client: LmsClient): Promise<VisitUpdate[]> {
  const students =
    (await client.post('/api/visitlog/getstudentslist', {
      body: { ...PRACTICE, visitDate: DATE },
    })) ?? [];
  expect(students.length).toBeGreaterThan(1);
  return students.map((student, i) => ({
    ...PRACTICE,
    id_student: student.id_student,
    visitDate: DATE,
    isVisited: i !== 0,
    id_otsenka: -1,
    timesCount: 2,
  }));
}

setUpRetryClock();

/**
 * The practice class's roll for the date put in the outbox by `owner`, as the journal's save
 * does, and its first try settled: the roll sent.
 */
async function queueRoll(client: LmsClient, owner: number): Promise<VisitUpdate[]> {
  const visits = await rollOf(client);
  await visitOutbox.add({
    owner,
    scope: classKey(PRACTICE),
    payload: { kind: 'roll', visits },
    files: [],
  });
  await settle(ROUNDS);
  return visits;
}

/** The roll calls the mock server has been sent, once the outbox's first retry (3 s on) settled. */
async function rollCallsAfterRetry(backend: MockBackend): Promise<string[]> {
  await pass(3_000, ROUNDS);
  return backend.calls.filter((path) => path === INSERT_ALL);
}

describe('the journal’s reconcile', () => {
  it('finds a roll stored only once the server holds every visit with its values', async () => {
    const { backend } = await signInDemo('teacher');
    const visits = await rollOf(backend.client);
    expect(await visitsStored(backend.client, visits)).toBe(false);
    // Everyone present without a mark is what a date with nothing stored answers too.
    const allPresent = visits.map((visit) => ({ ...visit, isVisited: true }));
    expect(await visitsStored(backend.client, allPresent)).toBe(false);

    await backend.client.post(INSERT_ALL, { body: { visits } });
    expect(await visitsStored(backend.client, visits)).toBe(true);

    const changed = visits.map((visit, i) => (i === 1 ? { ...visit, isVisited: false } : visit));
    expect(await visitsStored(backend.client, changed)).toBe(false);
    expect(await visitsStored(backend.client, [])).toBe(false);
  });

  it('does not send a roll again when the server stored it and its answer was lost', async () => {
    const { backend, user } = await signInDemo('teacher');
    let lose = 1;
    // The server stores the roll, then the answer is a 500.
    const client = createLmsClient({
      baseUrl: 'http://lms.test',
      fetch: async (request) => {
        const response = await backend.fetch!(request);
        const path = new URL(request.url).pathname;
        if (path === INSERT_ALL && lose > 0) {
          lose -= 1;
          return new Response('{}', { status: 500 });
        }
        return response;
      },
    });
    const refreshed: string[] = [];
    const unregister = registerVisitSender({
      client,
      owner: user.uid,
      onSent: async (scope) => void refreshed.push(scope),
    });
    try {
      await queueRoll(client, user.uid);
      expect(visitOutbox.entries.value[0]).toMatchObject({ status: 'pending', uncertain: true });

      expect(await rollCallsAfterRetry(backend)).toHaveLength(1);
      expect(visitOutbox.entries.value).toEqual([]);
      expect(refreshed).toEqual([classKey(PRACTICE)]);
    } finally {
      unregister();
      await forgetWrites(user.uid);
    }
  });

  it('sends a roll again when the server failed before storing it', async () => {
    const { backend, user } = await signInDemo('teacher');
    backend.scenarios!.set(INSERT_ALL, 'server-error');
    const unregister = registerVisitSender({
      client: backend.client,
      owner: user.uid,
      onSent: async () => undefined,
    });
    try {
      const visits = await queueRoll(backend.client, user.uid);
      expect(visitOutbox.entries.value[0]).toMatchObject({ uncertain: true });
      backend.scenarios!.delete(INSERT_ALL);

      expect(await rollCallsAfterRetry(backend)).toHaveLength(2);
      expect(visitOutbox.entries.value).toEqual([]);
      expect(await visitsStored(backend.client, visits)).toBe(true);
    } finally {
      unregister();
      await forgetWrites(user.uid);
    }
  });
});
