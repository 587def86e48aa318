import { afterEach, beforeEach, vi } from 'vitest';
import { forgetAllDrafts } from '../../src/lib/offline/drafts/draft-store';
import { acceptNodeFilesAsFiles } from './multipart';

/**
 * Sets up the cases of a test file about a screen whose forms upload files and keep drafts: Node's
 * files count as the browser's (uploads reach the in-process mock server), each case starts on a
 * device without drafts (a form left open stays one), and whatever a case stubbed on the global
 * object (the fake XMLHttpRequest of `installFakeXhr`) is gone after it. Call it once, at the top.
 */
export function setUpUploadForms(): void {
  acceptNodeFilesAsFiles();
  beforeEach(() => forgetAllDrafts());
  afterEach(() => {
    vi.unstubAllGlobals();
  });
}
