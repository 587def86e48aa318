import 'fake-indexeddb/auto';
import { File as NodeFile } from 'node:buffer';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DraftNote } from '../src/components/ui/draft-note';
import { forgetAllDrafts, readDraft } from '../src/lib/offline/drafts/draft-store';
import { useDraft, useDraftFiles } from '../src/lib/offline/drafts/use-draft';
import type * as DraftStore from '../src/lib/offline/drafts/draft-store';
import { refuseFileNamed } from './support/stored-files';

/*
 * The note of a form whose attached files the device does not keep (with IndexedDB: fake-indexeddb).
 * Files are Node's, whose bytes can be read as a browser's can.
 */

const nodeFile = (name: string) =>
  new NodeFile([`%PDF ${name}`], name, {
    type: 'application/pdf',
    lastModified: 1,
  }) as unknown as File;

/** The draft store of the page before a reload: a module of its own over the same IndexedDB. */
async function pageBeforeReload(): Promise<typeof DraftStore> {
  vi.resetModules();
  return import('../src/lib/offline/drafts/draft-store');
}

interface WithFiles {
  message: string;
  files: readonly File[];
}

/** A form whose attachments live in its own state, as useFileAttachments keeps them. */
function FilesForm() {
  const [files, setFiles] = useState<readonly File[]>([]);
  const draft = useDraft<WithFiles>(5, 'news:composer', { message: '', files: [] });
  useDraftFiles(draft, {
    files,
    add: (picked) => setFiles((current) => [...current, ...picked]),
    clear: () => setFiles([]),
  });
  const pick = (name: string) => setFiles((current) => [...current, nodeFile(name)]);
  return (
    <>
      <DraftNote
        restored={draft.restored}
        filesNotKept={draft.filesNotKept}
        onDiscard={draft.clear}
      />
      <ul aria-label="files">
        {files.map((file) => (
          <li key={file.name}>{file.name}</li>
        ))}
      </ul>
      <button type="button" onClick={() => pick('kept.pdf')}>
        pick kept.pdf
      </button>
      <button type="button" onClick={() => pick('big.pdf')}>
        pick big.pdf
      </button>
      <button
        type="button"
        onClick={() => setFiles((current) => current.filter((file) => file.name !== 'big.pdf'))}
      >
        remove big.pdf
      </button>
    </>
  );
}

beforeEach(() => forgetAllDrafts());
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the draft note and the files a device does not keep', () => {
  it('says which attached file only this page holds, until it is taken off', async () => {
    refuseFileNamed('big.pdf');
    const user = userEvent.setup();
    render(<FilesForm />);
    const note = screen.getByRole('status');
    await user.click(screen.getByRole('button', { name: 'pick kept.pdf' }));
    await user.click(screen.getByRole('button', { name: 'pick big.pdf' }));

    await waitFor(() =>
      expect(note.textContent).toBe(
        'Сохранятся в черновике только до перезагрузки страницы: big.pdf',
      ),
    );
    // The text and the other file are stored all the same.
    await waitFor(async () =>
      expect((await readDraft<WithFiles>(5, 'news:composer'))?.value.files).toHaveLength(2),
    );

    await user.click(screen.getByRole('button', { name: 'remove big.pdf' }));
    expect(note.textContent).toBe('');
  });

  it('brings the draft back without the file it lost, says so, and stops once it is attached again', async () => {
    // Before the reload, the disk had no room for big.pdf.
    const before = await pageBeforeReload();
    const refusal = refuseFileNamed('big.pdf');
    const written = await before.writeDraft(5, 'news:composer', {
      message: 'Повестка',
      files: [nodeFile('kept.pdf'), nodeFile('big.pdf')],
    });
    expect(written.pageOnlyFiles).toEqual(['big.pdf']);
    refusal.mockRestore();

    const user = userEvent.setup();
    render(<FilesForm />);
    const note = screen.getByRole('status');
    await waitFor(() =>
      expect(note.textContent).toBe(
        'Черновик восстановлен.ОчиститьНе сохранились в черновике, прикрепите снова: big.pdf',
      ),
    );
    // The file that was kept is attached again by the effect that follows the restored draft.
    expect((await screen.findAllByRole('listitem')).map((item) => item.textContent)).toEqual([
      'kept.pdf',
    ]);

    await user.click(screen.getByRole('button', { name: 'pick big.pdf' }));
    await waitFor(() => expect(note.textContent).toBe('Черновик восстановлен.Очистить'));
  });
});
