// A section's chunk that fails: a new version was deployed under the page (the portal offers to
// load it), or the network did not bring the file (the portal says to check it).
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyRoute } from '../src/app/lazy-route';
import { RouteErrorBoundary } from '../src/app/route-error';
import { loadNewVersion, offerUpdate, updateWaiting } from '../src/lib/ui-state/app-update';
import { chunkFailureOf, isChunkLoadError, loadChunk } from '../src/lib/ui-state/chunk-loading';
import { createTestRouter } from './support/render-app';

const RUNNING = '/lms/assets/index-By8n3Sc1.js';
const DEPLOYED = '/lms/assets/index-Cq7xWk2D.js';

/** The portal's index.html as a build writes it, starting `entry`. */
const indexNaming = (entry: string) =>
  '<!doctype html><html lang="ru"><head><title>Портал</title>' +
  `<script type="module" crossorigin src="${entry}"></script>` +
  '<link rel="modulepreload" crossorigin href="/lms/assets/framework-C-OuBfJS.js"></head>' +
  '<body><div id="root"></div></body></html>';

describe('why a chunk failed', () => {
  it('is a new version when the portal answers with an index that starts another build', async () => {
    expect(await chunkFailureOf(async () => indexNaming(DEPLOYED), RUNNING)).toBe('new-version');
  });

  it('is the network when the index cannot be had', async () => {
    const down = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await chunkFailureOf(down, RUNNING)).toBe('network');
  });

  it('is the network when the index still starts this build (the chunk itself did not come)', async () => {
    expect(await chunkFailureOf(async () => indexNaming(RUNNING), RUNNING)).toBe('network');
  });

  it('is the network when something other than the portal answers (a Wi-Fi login page)', async () => {
    const captive = async () =>
      '<html><body><form action="/login">Войдите в сеть</form></body></html>';
    expect(await chunkFailureOf(captive, RUNNING)).toBe('network');
  });

  it("takes the index's answer alone when the page cannot name the build it runs", async () => {
    expect(await chunkFailureOf(async () => indexNaming(DEPLOYED), null)).toBe('new-version');
  });
});

describe('a section whose chunk fails', () => {
  let entry: HTMLScriptElement;
  beforeEach(() => {
    // The page runs the build it was started with.
    entry = document.createElement('script');
    entry.type = 'module';
    entry.setAttribute('src', RUNNING);
    document.head.append(entry);
  });
  afterEach(() => {
    entry.remove();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  function openFailingSection() {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Journal = lazyRoute(
      'journal',
      () => Promise.reject<{ JournalRoute: () => null }>(new TypeError('Failed to fetch')),
      (m) => m.JournalRoute,
    );
    const { wrap } = createTestRouter('/lms/journal');
    render(
      wrap(
        <RouteErrorBoundary inShell>
          <Suspense fallback={null}>
            <Journal />
          </Suspense>
        </RouteErrorBoundary>,
      ),
    );
  }

  it('says a new version is out and offers to load it, when a new build was deployed', async () => {
    const fetchIndex = vi.fn(async () => new Response(indexNaming(DEPLOYED)));
    vi.stubGlobal('fetch', fetchIndex);
    openFailingSection();

    const message = await screen.findByRole('alert');
    expect(await screen.findByRole('heading', { name: 'Вышла новая версия портала' })).toBeTruthy();
    expect(message.textContent).toContain('всё, что вы ввели, сохранится');
    expect(screen.getByText('Loading chunk journal failed.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Загрузить новую версию' })).toBeTruthy();
    expect(screen.queryByText(/Проверьте подключение/)).toBeNull();
    // The index was asked of the server itself, past any cache.
    expect(fetchIndex).toHaveBeenCalledWith('/', expect.objectContaining({ cache: 'no-store' }));
  });

  it('says to check the network when the portal cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    openFailingSection();

    expect(
      await screen.findByRole('heading', { name: 'Не удалось загрузить раздел' }),
    ).toBeTruthy();
    expect(screen.getByText('Проверьте подключение к сети и обновите страницу.')).toBeTruthy();
    expect(screen.getByText('Loading chunk journal failed.')).toBeTruthy();
    expect(screen.queryByText('Вышла новая версия портала')).toBeNull();
  });

  it('asks the server once for a section and its texts failing together', async () => {
    const fetchIndex = vi.fn(async () => new Response(indexNaming(DEPLOYED)));
    vi.stubGlobal('fetch', fetchIndex);
    const gone = () => Promise.reject(new TypeError('Failed to fetch'));
    const failures = await Promise.allSettled([
      loadChunk('journal', gone),
      loadChunk('texts', gone),
    ]);
    expect(
      failures.map((failure) =>
        failure.status === 'rejected' && isChunkLoadError(failure.reason)
          ? failure.reason.failure
          : failure.status,
      ),
    ).toEqual(['new-version', 'new-version']);
    expect(fetchIndex).toHaveBeenCalledTimes(1);
  });
});

describe('loading the new version', () => {
  it('lets a waiting service worker take over, which reloads every open tab on it', async () => {
    const activate = vi.fn(() => Promise.resolve());
    offerUpdate(activate);
    const user = userEvent.setup();
    render(
      <button type="button" onClick={loadNewVersion}>
        Загрузить новую версию
      </button>,
    );
    await user.click(screen.getByRole('button', { name: 'Загрузить новую версию' }));
    expect(activate).toHaveBeenCalledTimes(1);
    expect(updateWaiting.value).toBe(false);
  });
});
