import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DraftNote } from '../src/components/ui/draft-note';
import { forgetAllDrafts, readDraft, writeDraft } from '../src/lib/offline/drafts/draft-store';
import { DRAFT_WRITE_DELAY_MS, useDraft, useDraftFiles } from '../src/lib/offline/drafts/use-draft';

/*
 * The hook over the store (here without IndexedDB: the store keeps drafts in memory, as in a
 * browser that has none). Cases that time the writes fake the timers once the hook is ready
 * (waitFor polls with real ones); the store's promises are never faked.
 */

interface Form {
  text: string;
}
const EMPTY: Form = { text: '' };

const stored = async (owner: number, key: string) => (await readDraft<Form>(owner, key))?.value;

beforeEach(() => forgetAllDrafts());
const fakeTimers = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

afterEach(() => {
  vi.useRealTimers();
});

function renderDraft(owner = 1, key: string | null = 'form') {
  return renderHook(
    ({ owner, key }: { owner: number; key: string | null }) => useDraft(owner, key, EMPTY),
    { initialProps: { owner, key } },
  );
}

describe('useDraft', () => {
  it('writes once typing pauses for the delay, the last value only', async () => {
    const { result } = renderDraft();
    await waitFor(() => expect(result.current.ready).toBe(true));
    fakeTimers();
    act(() => result.current.set({ text: 'a' }));
    act(() => {
      vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS - 50);
    });
    act(() => result.current.set((value) => ({ text: `${value.text}b` })));
    act(() => {
      vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS - 50);
    });
    expect(await stored(1, 'form')).toBeUndefined();
    act(() => {
      vi.advanceTimersByTime(50);
    });
    expect(await stored(1, 'form')).toEqual({ text: 'ab' });
    expect(result.current.value).toEqual({ text: 'ab' });
  });

  it('writes at once when the page is left or hidden, and when the form goes away', async () => {
    const { result, unmount } = renderDraft();
    await waitFor(() => expect(result.current.ready).toBe(true));
    act(() => result.current.set({ text: 'pagehide' }));
    window.dispatchEvent(new Event('pagehide'));
    expect(await stored(1, 'form')).toEqual({ text: 'pagehide' });

    act(() => result.current.set({ text: 'hidden' }));
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    visibility.mockRestore();
    expect(await stored(1, 'form')).toEqual({ text: 'hidden' });

    act(() => result.current.set({ text: 'unmounted' }));
    unmount();
    expect(await stored(1, 'form')).toEqual({ text: 'unmounted' });
  });

  it('brings the stored draft back on mount and says so', async () => {
    await writeDraft(1, 'form', { text: 'kept' });
    const { result } = renderDraft();
    expect(result.current).toMatchObject({ value: EMPTY, ready: false, restored: false });
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current).toMatchObject({ value: { text: 'kept' }, restored: true });
  });

  it('keeps what the person typed before the stored draft was read', async () => {
    await writeDraft(1, 'form', { text: 'older' });
    const { result } = renderDraft();
    act(() => result.current.set({ text: 'newer' }));
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current).toMatchObject({ value: { text: 'newer' }, restored: false });
  });

  it('does not keep a draft equal to the empty form, and removes the one stored', async () => {
    await writeDraft(1, 'form', { text: 'kept' });
    const { result } = renderDraft();
    await waitFor(() => expect(result.current.restored).toBe(true));
    fakeTimers();
    act(() => result.current.set({ text: '' }));
    act(() => {
      vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS);
    });
    expect(await stored(1, 'form')).toBeUndefined();
  });

  it('clears: the stored draft goes, a pending write is dropped, the form is empty', async () => {
    await writeDraft(1, 'form', { text: 'kept' });
    const { result } = renderDraft();
    await waitFor(() => expect(result.current.restored).toBe(true));
    fakeTimers();
    act(() => result.current.set({ text: 'kept and more' }));
    act(() => result.current.clear());
    act(() => {
      vi.advanceTimersByTime(DRAFT_WRITE_DELAY_MS);
    });
    expect(result.current).toMatchObject({ value: EMPTY, restored: false });
    expect(await stored(1, 'form')).toBeUndefined();
  });

  it('keeps each person’s and each key’s draft apart, and follows a change of key', async () => {
    await writeDraft(1, 'a', { text: 'one in a' });
    await writeDraft(2, 'a', { text: 'two in a' });
    await writeDraft(1, 'b', { text: 'one in b' });
    const { result, rerender } = renderDraft(2, 'a');
    await waitFor(() => expect(result.current.value).toEqual({ text: 'two in a' }));

    rerender({ owner: 1, key: 'a' });
    await waitFor(() => expect(result.current.value).toEqual({ text: 'one in a' }));
    act(() => result.current.set({ text: 'one in a, changed' }));
    // Another key before the write's delay: the old key's draft is written at once.
    rerender({ owner: 1, key: 'b' });
    expect(result.current.value).toEqual(EMPTY);
    await waitFor(() => expect(result.current.value).toEqual({ text: 'one in b' }));
    expect(await stored(1, 'a')).toEqual({ text: 'one in a, changed' });
    expect(await stored(2, 'a')).toEqual({ text: 'two in a' });
  });

  it('keeps nothing while the key is not known', async () => {
    const { result, unmount } = renderDraft(1, null);
    expect(result.current.ready).toBe(true);
    act(() => result.current.set({ text: 'not kept' }));
    unmount();
    expect(await stored(1, 'null')).toBeUndefined();
  });
});

interface WithFiles {
  files: readonly File[];
}

/** A form whose attachments live in its own state, as useFileAttachments keeps them. */
function FilesForm({ owner }: { owner: number }) {
  const [files, setFiles] = useState<readonly File[]>([]);
  const draft = useDraft<WithFiles>(owner, 'files', { files: [] });
  useDraftFiles(draft, {
    files,
    add: (picked) => setFiles((current) => [...current, ...picked]),
    clear: () => setFiles([]),
  });
  return (
    <>
      <DraftNote restored={draft.restored} onDiscard={draft.clear} />
      <ul aria-label="files">
        {files.map((file) => (
          <li key={file.name}>{file.name}</li>
        ))}
      </ul>
      <button type="button" onClick={() => setFiles((current) => [...current, pick()])}>
        pick
      </button>
    </>
  );
}
const pick = () => new File(['x'], 'picked.txt', { lastModified: 1 });

describe('useDraftFiles and the note', () => {
  it('saves the attached files with the draft, attaches them again, and detaches them on discard', async () => {
    const user = userEvent.setup();
    const first = render(<FilesForm owner={3} />);
    await user.click(screen.getByRole('button', { name: 'pick' }));
    first.unmount();
    expect((await readDraft<WithFiles>(3, 'files'))?.value.files.map((f) => f.name)).toEqual([
      'picked.txt',
    ]);

    render(<FilesForm owner={3} />);
    const note = await screen.findByRole('status');
    await waitFor(() => expect(note.textContent).toContain('Черновик восстановлен.'));
    // The files come back with the restored draft, attached by the effect that follows it.
    expect((await screen.findByRole('listitem')).textContent).toBe('picked.txt');
    await user.click(screen.getByRole('button', { name: 'Очистить' }));
    expect(screen.queryByRole('listitem')).toBeNull();
    expect(note.textContent).toBe('');
    expect(await readDraft(3, 'files')).toBeUndefined();
  });
});
