import 'fake-indexeddb/auto';
import { File as NodeFile } from 'node:buffer';
import { LmsError } from '@lms/client';
import { describe, expect, it } from 'vitest';
import { classifyOutboxFailure } from '../src/lib/outbox/outbox-failure';
import { createOutbox, type OutboxEntry } from '../src/lib/outbox/outbox';
import { openOutboxStore } from '../src/lib/outbox/outbox-store';

interface Note {
  text: string;
}

let kinds = 0;
/** A fresh IndexedDB store per test; `reopen` reads the same store as a reloaded page would. */
function setup(send: (entry: OutboxEntry<Note>) => Promise<void>) {
  kinds += 1;
  const kind = `test-${kinds}`;
  const outbox = createOutbox<Note>({ kind, send });
  const reopen = (nextSend: (entry: OutboxEntry<Note>) => Promise<void>) =>
    createOutbox<Note>({ kind, send: nextSend, store: openOutboxStore(kind) });
  return { outbox, reopen };
}

const offline = () => new LmsError('NETWORK_ERROR', 'offline');
const refused = () => new LmsError('CLIENT_ERROR', 'no', { status: 400 });

describe('the outbox', () => {
  it('sends at once when it can, and keeps nothing afterwards', async () => {
    const sent: string[] = [];
    const { outbox } = setup(async (entry) => void sent.push(entry.payload.text));
    await outbox.add({ owner: 1, scope: 'a', payload: { text: 'one' }, files: [] });
    await outbox.flush(1);
    expect(sent).toEqual(['one']);
    expect(outbox.entries.value).toEqual([]);
  });

  it('keeps a write made offline, across a reload, and sends it (with its file) in order later', async () => {
    const { outbox, reopen } = setup(async () => {
      throw offline();
    });
    // Node's File, which Node's structured clone (under fake-indexeddb) keeps as bytes, as a
    // browser's IndexedDB keeps a File; jsdom's File is not cloneable there.
    const file = new NodeFile(['%PDF-1.4 bytes'], 'lab.pdf', {
      type: 'application/pdf',
    }) as unknown as File;
    await outbox.add({ owner: 7, scope: 'a', payload: { text: 'first' }, files: [file] });
    await outbox.add({ owner: 7, scope: 'a', payload: { text: 'second' }, files: [] });
    await outbox.flush(7);
    expect(outbox.entries.value.map((entry) => [entry.payload.text, entry.status])).toEqual([
      ['first', 'pending'],
      ['second', 'pending'],
    ]);

    const sent: { text: string; bytes: string[] }[] = [];
    const reloaded = reopen(async (entry) => {
      const bytes = await Promise.all(entry.files.map((f) => new Response(f).text()));
      sent.push({ text: entry.payload.text, bytes });
    });
    await reloaded.load();
    expect(reloaded.entries.value).toHaveLength(2);
    await reloaded.flush(7);
    expect(sent).toEqual([
      { text: 'first', bytes: ['%PDF-1.4 bytes'] },
      { text: 'second', bytes: [] },
    ]);
    expect(reloaded.entries.value).toEqual([]);
    const again = reopen(async () => undefined);
    await again.load();
    expect(again.entries.value).toEqual([]);
  });

  it('stops at a transient failure to keep the order', async () => {
    const tried: string[] = [];
    const { outbox } = setup(async (entry) => {
      tried.push(entry.payload.text);
      throw new LmsError('SERVER_ERROR', 'down', { status: 500 });
    });
    await outbox.add({ owner: 1, scope: 'a', payload: { text: 'one' }, files: [] });
    await outbox.add({ owner: 1, scope: 'a', payload: { text: 'two' }, files: [] });
    await outbox.flush(1);
    expect(tried.every((text) => text === 'one')).toBe(true);
  });

  it('marks a refused write failed, goes on with the next, and retries or discards it on request', async () => {
    let refuse = true;
    const sent: string[] = [];
    const { outbox } = setup(async (entry) => {
      if (refuse && entry.payload.text === 'bad') throw refused();
      sent.push(entry.payload.text);
    });
    await outbox.add({ owner: 1, scope: 'a', payload: { text: 'bad' }, files: [] });
    await outbox.add({ owner: 1, scope: 'a', payload: { text: 'good' }, files: [] });
    await outbox.flush(1);
    expect(sent).toEqual(['good']);
    const [failed] = outbox.entries.value;
    expect(failed?.status).toBe('failed');
    expect(failed?.error).toBeInstanceOf(LmsError);

    refuse = false;
    await outbox.retry(failed!.id, 1);
    expect(sent).toEqual(['good', 'bad']);

    refuse = true;
    await outbox.add({ owner: 1, scope: 'a', payload: { text: 'bad' }, files: [] });
    await outbox.flush(1);
    await outbox.discard(outbox.entries.value[0]!.id);
    expect(outbox.entries.value).toEqual([]);
  });

  it('sends only the owner’s entries, and lets a cancelled send go', async () => {
    const sent: string[] = [];
    let online = false;
    const { outbox } = setup(async (entry) => {
      if (!online) throw offline();
      if (entry.payload.text === 'cancel me') throw new LmsError('CANCEL_ERROR', 'cancelled');
      sent.push(entry.payload.text);
    });
    await outbox.add({ owner: 2, scope: 'a', payload: { text: 'theirs' }, files: [] });
    await outbox.add({ owner: 1, scope: 'a', payload: { text: 'cancel me' }, files: [] });
    await outbox.add({ owner: 1, scope: 'a', payload: { text: 'mine' }, files: [] });
    await outbox.flush(1);
    await outbox.flush(2);
    online = true;
    await outbox.flush(1);
    expect(sent).toEqual(['mine']);
    expect(outbox.entries.value.map((entry) => entry.payload.text)).toEqual(['theirs']);
  });

  it('tells transient failures, an ended session, refusals and cancels apart', () => {
    expect(classifyOutboxFailure(offline())).toBe('transient');
    expect(classifyOutboxFailure(new LmsError('TIMEOUT_ERROR', 't'))).toBe('transient');
    expect(classifyOutboxFailure(new LmsError('SERVER_ERROR', 's', { status: 503 }))).toBe(
      'transient',
    );
    expect(classifyOutboxFailure(new LmsError('CLIENT_ERROR', 'u', { status: 401 }))).toBe(
      'session',
    );
    expect(classifyOutboxFailure(refused())).toBe('refused');
    expect(classifyOutboxFailure(new LmsError('OK', 'result', { status: 200 }))).toBe('refused');
    expect(classifyOutboxFailure(new LmsError('CANCEL_ERROR', 'c'))).toBe('cancelled');
  });
});
