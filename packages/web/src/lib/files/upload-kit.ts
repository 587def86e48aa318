import {
  upload,
  type UploadData,
  type UploadFields,
  type UploadPath,
  type UploadProgress,
} from '@lms/client';
import { formatPercent, formatSize } from '@lms/i18n';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useApiClient } from '../query/api-client';

/*
 * The mechanics of screens that send files (news, chat, study materials, document orders): which
 * files are attached, which were refused for their size, and the progress and cancelling of the
 * multipart send that `upload()` from @lms/client performs. The look is in components/upload.
 */

const BYTES_PER_MB = 1024 * 1024;

/** True when the file is over the config's per-file limit; an unknown limit is left to the server. */
export function isTooLarge(file: Blob, maxSizeMb: number | undefined): boolean {
  return maxSizeMb !== undefined && file.size > maxSizeMb * BYTES_PER_MB;
}

export function isSameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

export interface AttachResult {
  files: File[];
  /** The picked files over the limit, which were not attached. */
  refused: File[];
}

/** Adds the picked files to the attached ones: duplicates are skipped, oversized ones refused. */
export function attachFiles(
  attached: readonly File[],
  picked: readonly File[],
  maxSizeMb: number | undefined,
): AttachResult {
  const files = [...attached];
  const refused: File[] = [];
  for (const file of picked) {
    if (isTooLarge(file, maxSizeMb)) refused.push(file);
    else if (!files.some((other) => isSameFile(other, file))) files.push(file);
  }
  return { files, refused };
}

export interface FileAttachments {
  /** The attached files, in the order they were picked. */
  files: readonly File[];
  /** What the last pick (or size check) refused for being over the limit. */
  refused: readonly File[];
  /** Attaches picked files (a FileList will do): duplicates skipped, those over the limit refused. */
  add: (picked: Iterable<File> | ArrayLike<File> | null | undefined) => void;
  remove: (index: number) => void;
  /** Detaches everything, e.g. after a successful send. */
  clear: () => void;
  /** Forgets the refused files, e.g. when a send starts. */
  clearRefused: () => void;
  /**
   * Checks the attached files against the limit known now (files picked before the config and its
   * limit arrived): those over it move to `refused`. True when every attached file may be sent.
   */
  checkSizes: () => boolean;
}

const NONE: AttachResult = { files: [], refused: [] };

/** The attached files of one form, checked against the config's per-file limit `maxSizeMb`. */
export function useFileAttachments(maxSizeMb: number | undefined): FileAttachments {
  const [state, setState] = useState<AttachResult>(NONE);
  return {
    files: state.files,
    refused: state.refused,
    add: (picked) => {
      if (!picked) return;
      const list = Array.from(picked);
      if (list.length > 0) setState((current) => attachFiles(current.files, list, maxSizeMb));
    },
    remove: (index) =>
      setState((current) => ({ ...current, files: current.files.filter((_, at) => at !== index) })),
    clear: () => setState(NONE),
    clearRefused: () => setState((current) => ({ ...current, refused: [] })),
    checkSizes: () => {
      const tooLarge = state.files.filter((file) => isTooLarge(file, maxSizeMb));
      if (tooLarge.length === 0) return true;
      setState({
        files: state.files.filter((file) => !tooLarge.includes(file)),
        refused: tooLarge,
      });
      return false;
    },
  };
}

/** What `upload()` takes to report its progress and to be cancelled. */
export interface UploadTransfer {
  onProgress: (progress: UploadProgress) => void;
  signal: AbortSignal;
}

export interface UploadTransferState {
  /** The running send's progress; null while nothing is being sent. */
  progress: UploadProgress | null;
  /** Starts a send at 0 % with its own AbortController; pass the result to `upload()`. */
  begin: () => UploadTransfer;
  /** Aborts the running send: `upload()` then rejects with a CANCEL_ERROR. */
  cancel: () => void;
  /** The send has settled (sent, failed or cancelled): the progress goes away. */
  finish: () => void;
}

/** The progress and the cancel button's AbortController of one multipart send at a time. */
export function useUploadTransfer(): UploadTransferState {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  const begin = useCallback((): UploadTransfer => {
    const controller = new AbortController();
    controllerRef.current = controller;
    setProgress({ loaded: 0, total: undefined, fraction: undefined });
    return {
      signal: controller.signal,
      // A late event of an earlier send does not bring its progress back.
      onProgress: (next) => {
        if (controllerRef.current === controller) setProgress(next);
      },
    };
  }, []);
  const cancel = useCallback(() => controllerRef.current?.abort(), []);
  const finish = useCallback(() => {
    controllerRef.current = null;
    setProgress(null);
  }, []);

  return { progress, begin, cancel, finish };
}

/** One multipart send to `P`: the form's fields, its files, and the transfer's progress and cancel. */
export interface UploadInput<P extends UploadPath> extends Partial<UploadTransfer> {
  fields: UploadFields<P>;
  /** The files, one `file` part each; an edit of a book or material without one keeps its file. */
  files: readonly File[];
}

/**
 * The mutation of a multipart save to `path`: it sends the input with `upload()`, and once the
 * server took it `onSaved` updates or refreshes what the saved item changes (its promise, if it
 * returns one, is awaited before the mutation counts as done).
 */
export function useUploadMutation<P extends UploadPath>(
  path: P,
  onSaved: (saved: UploadData<P>, queryClient: QueryClient) => unknown,
) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fields, files, onProgress, signal }: UploadInput<P>) =>
      upload(client, path, fields, files, { onProgress, signal }),
    onSuccess: (saved) => onSaved(saved, queryClient),
  });
}

const KB = 1024;

/** A file size in the interface language, rounded: '512 Б', '48 КБ', '2,4 МБ' (ru), '2.4 MB' (en). */
export function formatFileSize(bytes: number, language: string): string {
  const [value, unit] =
    bytes >= BYTES_PER_MB
      ? [bytes / BYTES_PER_MB, 'megabyte']
      : bytes >= KB
        ? [bytes / KB, 'kilobyte']
        : [bytes, 'byte'];
  return formatSize(value, language, {
    style: 'unit',
    unit,
    // Bytes in full ('48 bytes', '48 байт'): the short form of a byte is singular in English.
    unitDisplay: unit === 'byte' ? 'long' : 'short',
  });
}

/** Upload progress as a whole percent in the interface language. */
export { formatPercent };
