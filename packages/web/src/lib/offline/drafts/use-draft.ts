import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  fileNamesIn,
  readDraft,
  removeDraft,
  sameDraft,
  writeDraft,
  type DraftWrite,
  type RestoredDraft,
} from './draft-store';

/** How long typing may pause before the draft is written. */
export const DRAFT_WRITE_DELAY_MS = 300;

/** The attached files, by name, that this device does not keep with the draft. */
export interface FilesNotKept {
  /** The restored draft held them but they did not come back: the person attaches them again. */
  lost: readonly string[];
  /** Attached now, but held by this page only: a reload loses them. */
  pageOnly: readonly string[];
}

export interface Draft<T> {
  /** What the form shows: its empty value, the stored draft, or what the person typed since. */
  value: T;
  /** The person changed the form: the value is written after a pause (not written when empty). */
  set: (next: T | ((current: T) => T)) => void;
  /** Sent or discarded: the stored draft goes and the form is empty again. */
  clear: () => void;
  /** The form opened with a stored draft (until it is cleared). */
  restored: boolean;
  /** The stored draft has been looked for. */
  ready: boolean;
  /** Files the device did not keep with the draft (none where every file is stored). */
  filesNotKept: FilesNotKept;
}

type Source = 'empty' | 'stored' | 'typed' | 'cleared';

interface DraftState<T> {
  owner: number;
  key: string | null;
  /** The form's empty value, as it was when this key became the form's. */
  empty: T;
  value: T;
  source: Source;
  restored: boolean;
  ready: boolean;
  /** What the read of the stored draft said was lost. */
  lostFiles: readonly string[];
  /** What the latest write (or the read from this page's memory) said only this page holds. */
  pageOnlyFiles: readonly string[];
}

interface PendingWrite {
  owner: number;
  key: string;
  value: unknown;
  empty: unknown;
}

const start = <T>(owner: number, key: string | null, empty: T): DraftState<T> => ({
  owner,
  key,
  empty,
  value: empty,
  source: 'empty',
  restored: false,
  ready: key === null,
  lostFiles: [],
  pageOnlyFiles: [],
});

const ALL_KEPT: FilesNotKept = { lost: [], pageOnly: [] };
const NOTHING_PAGE_ONLY: DraftWrite = { pageOnlyFiles: [] };

function store(write: PendingWrite): Promise<DraftWrite> {
  return sameDraft(write.value, write.empty)
    ? removeDraft(write.owner, write.key).then(() => NOTHING_PAGE_ONLY)
    : writeDraft(write.owner, write.key, write.value);
}

const sameNames = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name, at) => name === b[at]);

/** The stored draft read: shown, unless the person typed while it was being read. */
function withStoredDraft<T>(
  now: DraftState<T>,
  stored: RestoredDraft<T> | undefined,
): DraftState<T> {
  // What the person typed while the draft was being read wins over it.
  if (!stored || now.source !== 'empty' || sameDraft(stored.value, now.empty)) {
    return now.ready ? now : { ...now, ready: true };
  }
  return {
    ...now,
    value: stored.value,
    source: 'stored',
    restored: true,
    ready: true,
    lostFiles: stored.lostFiles,
    pageOnlyFiles: stored.pageOnlyFiles,
  };
}

/** Sent or discarded: the form is empty again, and no file is missing from it. */
const cleared = <T>(now: DraftState<T>): DraftState<T> => ({
  ...now,
  value: now.empty,
  source: 'cleared',
  restored: false,
  ready: true,
  lostFiles: [],
  pageOnlyFiles: [],
});

/** What a write said only this page holds, while the form still shows what was written. */
function withPageOnlyFiles<T>(
  now: DraftState<T>,
  write: PendingWrite,
  pageOnlyFiles: readonly string[],
): DraftState<T> {
  return now.owner !== write.owner ||
    now.key !== write.key ||
    now.source !== 'typed' ||
    sameNames(now.pageOnlyFiles, pageOnlyFiles)
    ? now
    : { ...now, pageOnlyFiles };
}

/** A lost file the person attached again is lost no more; a page-only file they removed is gone. */
function filesNotKeptIn(
  shown: unknown,
  lostFiles: readonly string[],
  pageOnlyFiles: readonly string[],
): FilesNotKept {
  if (lostFiles.length === 0 && pageOnlyFiles.length === 0) return ALL_KEPT;
  const attached = new Set(fileNamesIn(shown));
  return {
    lost: lostFiles.filter((name) => !attached.has(name)),
    pageOnly: pageOnlyFiles.filter((name) => attached.has(name)),
  };
}

/**
 * One form's draft for one person (`owner`, the account's uid) under `key` (null: not known yet,
 * nothing is stored). The stored draft is read on mount and shown unless the person has typed
 * meanwhile; what they type is written after a pause, at once when the page is hidden or left, and
 * when the form goes away. A value equal to `empty` is not kept. Values must be structured-cloneable
 * data (Files as File, stored as their bytes; no functions) and never hold a password; `empty` is
 * read when the key becomes the form's. `filesNotKept` names the attached files the device did not
 * keep, for the draft's note to say.
 */
export function useDraft<T>(owner: number, key: string | null, empty: T): Draft<T> {
  const [state, setState] = useState(() => start(owner, key, empty));
  const pending = useRef<PendingWrite | null>(null);

  // Another form or person: start again from the empty value and look for that draft.
  let current = state;
  if (state.owner !== owner || state.key !== key) {
    current = start(owner, key, empty);
    setState(current);
  }

  // Whether the form is still on the page: a write that ends after it left has no one to tell.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const flush = useCallback(() => {
    const write = pending.current;
    pending.current = null;
    if (!write) return;
    // The write says which files only this page holds, while the form still shows what it typed.
    void store(write).then(({ pageOnlyFiles }) => {
      if (mounted.current) setState((now) => withPageOnlyFiles(now, write, pageOnlyFiles));
    });
  }, []);

  useEffect(() => {
    if (key === null) return;
    let live = true;
    const found = (stored: RestoredDraft<T> | undefined) => {
      if (!live) return;
      setState((now) =>
        now.owner !== owner || now.key !== key ? now : withStoredDraft(now, stored),
      );
    };
    readDraft<T>(owner, key).then(found, () => found(undefined));
    const whenHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', whenHidden);
    return () => {
      live = false;
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', whenHidden);
      // The form goes away (or to another key): what was typed is written now.
      flush();
    };
  }, [owner, key, flush]);

  // Typing is written once it pauses; each change restarts the wait.
  const { source, value } = state;
  const stateKey = state.key;
  const stateOwner = state.owner;
  const stateEmpty = state.empty;
  useEffect(() => {
    if (source !== 'typed' || stateKey === null) return;
    pending.current = { owner: stateOwner, key: stateKey, value, empty: stateEmpty };
    const timer = setTimeout(flush, DRAFT_WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [source, value, stateKey, stateOwner, stateEmpty, flush]);

  const set = useCallback((next: T | ((current: T) => T)) => {
    setState((now) => {
      const value =
        typeof next === 'function' ? (next as (current: T) => T)(now.value) : (next as T);
      return Object.is(value, now.value) ? now : { ...now, value, source: 'typed' };
    });
  }, []);

  const clear = useCallback(() => {
    if (pending.current?.owner === owner && pending.current.key === key) pending.current = null;
    // A clear that comes after the form moved to another key empties only the old key's draft.
    setState((now) => (now.owner !== owner || now.key !== key ? now : cleared(now)));
    if (key !== null) void removeDraft(owner, key);
  }, [owner, key]);

  const { value: shown, lostFiles, pageOnlyFiles } = current;
  const filesNotKept = useMemo(
    () => filesNotKeptIn(shown, lostFiles, pageOnlyFiles),
    [shown, lostFiles, pageOnlyFiles],
  );

  return {
    value: current.value,
    set,
    clear,
    restored: current.restored,
    ready: current.ready,
    filesNotKept,
  };
}

/** The attached files of a form, as useFileAttachments keeps them. */
export interface DraftAttachments {
  files: readonly File[];
  add: (files: readonly File[]) => void;
  clear: () => void;
}

/**
 * Keeps a form's attached files in its draft (`files`): what is attached is saved with the draft,
 * and files the draft brings (restored, or none once it is cleared) are attached again.
 */
export function useDraftFiles<T extends { files: readonly File[] }>(
  draft: Draft<T>,
  attachments: DraftAttachments,
): void {
  const files = draft.value.files;
  const { set } = draft;
  const { files: attached, add, clear } = attachments;
  /** The files the draft and the attachments last agreed on. */
  const agreed = useRef(files);

  useEffect(() => {
    if (files === agreed.current) return;
    agreed.current = files;
    clear();
    add(files);
  }, [files, add, clear]);

  useEffect(() => {
    if (sameDraft(attached, agreed.current)) return;
    const next = [...attached];
    agreed.current = next;
    set((value) => ({ ...value, files: next }));
  }, [attached, set]);
}
