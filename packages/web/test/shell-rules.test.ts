// The shell's rules: which panel a phone shows, page titles, loading a section's chunk.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { findSection } from '../src/app/sections';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, loadChunk } from '../src/lib/ui-state/chunk-loading';
import { formatPageTitle } from '../src/lib/ui-state/page-chrome';
import { MAIN_TABS, resolveMobilePanel } from '../src/lib/ui-state/main-tabs';

describe('mobile panel rule', () => {
  it('follows the active tab unless coming back from a chat to #messages', () => {
    const base = { backFromChat: false, hash: '' };
    expect(resolveMobilePanel({ ...base, activeTab: MAIN_TABS.news })).toBe('news');
    expect(resolveMobilePanel({ ...base, activeTab: MAIN_TABS.chat })).toBe('chat');
    expect(resolveMobilePanel({ ...base, activeTab: MAIN_TABS.apps })).toBe('apps');
    expect(
      resolveMobilePanel({ activeTab: MAIN_TABS.apps, backFromChat: true, hash: '#messages' }),
    ).toBe('chat');
    expect(resolveMobilePanel({ activeTab: MAIN_TABS.news, backFromChat: true, hash: '' })).toBe(
      'news',
    );
    expect(
      resolveMobilePanel({ activeTab: MAIN_TABS.news, backFromChat: false, hash: '#messages' }),
    ).toBe('news');
  });
});

describe('page titles', () => {
  it('use the portal name', () => {
    expect(formatPageTitle('Портал', 'Чат')).toBe('Чат · Портал');
    expect(formatPageTitle('Портал')).toBe('Портал');
  });

  it('knows every section by path', () => {
    expect(findSection('/lms')?.key).toBe('news');
    expect(findSection('/lms/umk/')?.key).toBe('umk');
    expect(findSection('/lms/nope')).toBeUndefined();
  });
});

describe('chunk loading', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fails a chunk that takes longer than 120 000 ms', async () => {
    vi.useFakeTimers();
    const pending = loadChunk('journal', () => new Promise<never>(() => undefined));
    const outcome = expect(pending).rejects.toThrow('Loading chunk journal failed.');
    vi.advanceTimersByTime(CHUNK_TIMEOUT_MS);
    await outcome;
  });

  it('wraps an import failure and passes a loaded module through', async () => {
    await expect(loadChunk('news', () => Promise.reject(new Error('404')))).rejects.toBeInstanceOf(
      ChunkLoadError,
    );
    await expect(loadChunk('news', async () => ({ ok: true }))).resolves.toEqual({ ok: true });
  });
});
