import 'fake-indexeddb/auto';
import { createLmsClient, type LmsClient } from '@lms/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { visitsStored } from '../src/features/journal/api/reconcile-visits';
import { registerVisitSender, visitOutbox } from '../src/features/journal/api/send-visits';
import { classKey, type VisitUpdate } from '../src/features/journal/utils/journal-class';
import { forgetWrites } from '../src/lib/outbox/outbox-store';
import { DEMO_PRACTICE_CLASS } from './support/demo-world';
import { signInDemo } from './support/mock-backend';

// The mock world's Friday: nothing is stored for it yet.
const DATE = '2026-11-20';
const PRACTICE = DEMO_PRACTICE_CLASS;

/** Lets every pending promise, request and IndexedDB call settle (setImmediate is not faked). */
async function settle() {
  for (let i = 0; i < 40; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

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

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(Math, 'random').mockReturnValue(0.99);
});

afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the journal’s reconcile', () => {
  it('finds a roll stored only once the server holds every visit with its values', async () => {
    const { backend } = await signInDemo('teacher');
    const visits = await rollOf(backend.client);
    expect(await visitsStored(backend.client, visits)).toBe(false);
    // Everyone present without a mark is what a date with nothing stored answers too.
    const allPresent = visits.map((visit) => ({ ...visit, isVisited: true }));
    expect(await visitsStored(backend.client, allPresent)).toBe(false);

    await backend.client.post('/api/visitlog/studentvisitinsertall', { body: { visits } });
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
        if (path === '/api/visitlog/studentvisitinsertall' && lose > 0) {
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
      const visits = await rollOf(client);
      const scope = classKey(PRACTICE);
      await visitOutbox.add({
        owner: user.uid,
        scope,
        payload: { kind: 'roll', visits },
        files: [],
      });
      await settle();
      expect(visitOutbox.entries.value[0]).toMatchObject({ status: 'pending', uncertain: true });

      await vi.advanceTimersByTimeAsync(3_000);
      await settle();
      const inserts = backend.calls.filter(
        (path) => path === '/api/visitlog/studentvisitinsertall',
      );
      expect(inserts).toHaveLength(1);
      expect(visitOutbox.entries.value).toEqual([]);
      expect(refreshed).toEqual([scope]);
    } finally {
      unregister();
      await forgetWrites(user.uid);
    }
  });

  it('sends a roll again when the server failed before storing it', async () => {
    const { backend, user } = await signInDemo('teacher');
    backend.scenarios!.set('/api/visitlog/studentvisitinsertall', 'server-error');
    const unregister = registerVisitSender({
      client: backend.client,
      owner: user.uid,
      onSent: async () => undefined,
    });
    try {
      const visits = await rollOf(backend.client);
      await visitOutbox.add({
        owner: user.uid,
        scope: classKey(PRACTICE),
        payload: { kind: 'roll', visits },
        files: [],
      });
      await settle();
      expect(visitOutbox.entries.value[0]).toMatchObject({ uncertain: true });
      backend.scenarios!.delete('/api/visitlog/studentvisitinsertall');

      await vi.advanceTimersByTimeAsync(3_000);
      await settle();
      const inserts = backend.calls.filter(
        (path) => path === '/api/visitlog/studentvisitinsertall',
      );
      expect(inserts).toHaveLength(2);
      expect(visitOutbox.entries.value).toEqual([]);
      expect(await visitsStored(backend.client, visits)).toBe(true);
    } finally {
      unregister();
      await forgetWrites(user.uid);
    }
  });
});
