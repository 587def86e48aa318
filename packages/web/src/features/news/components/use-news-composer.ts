import { useRef, useState, type FormEvent } from 'react';
import { useDraft, useDraftFiles } from '../../../lib/offline/drafts/use-draft';
import { useFileAttachments, useUploadTransfer } from '../../../lib/files/upload-kit';
import { writeFailure } from '../../../lib/query/write-failure';
import { useInsertNews, type NewsAudience } from '../api/insert-news';
import type { NewsReader } from '../api/news-keys';
import { ALL_FACULTIES, validateMessage, type MessageError } from '../utils/news-form';

/** What the person is writing: kept as a draft until it is published or cleared. */
export interface NewsDraft {
  message: string;
  audience: NewsAudience;
  facultyId: number;
  files: readonly File[];
}

const EMPTY_NEWS: NewsDraft = { message: '', audience: 0, facultyId: ALL_FACULTIES, files: [] };

/** One news draft per person. */
const NEWS_DRAFT_KEY = 'news:composer';

/** How the last send ended. */
export type NewsOutcome =
  { kind: 'sent' } | { kind: 'cancelled' } | { kind: 'failed'; error: unknown };

/**
 * The news being written and its send: the draft (text, audience, faculty and files, kept until
 * the server has the item), the text's check, the upload with its progress and cancel, and how
 * the last send ended. A refused text takes the focus (`messageRef`).
 */
export function useNewsComposer(author: NewsReader, maxSizeMb: number | undefined) {
  const insert = useInsertNews();
  const attachments = useFileAttachments(maxSizeMb);
  const transfer = useUploadTransfer();
  const draft = useDraft(author.uid, NEWS_DRAFT_KEY, EMPTY_NEWS);
  useDraftFiles(draft, attachments);
  const { message, audience, facultyId } = draft.value;
  const [messageError, setMessageError] = useState<MessageError | undefined>();
  const [outcome, setOutcome] = useState<NewsOutcome | null>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const sending = insert.isPending;

  const change = (next: Partial<NewsDraft>) => draft.set((value) => ({ ...value, ...next }));

  /** The text typed: a refusal it now passes goes, and so does the last send's success. */
  const typeMessage = (next: string) => {
    change({ message: next });
    if (messageError && !validateMessage(next)) setMessageError(undefined);
    if (outcome?.kind === 'sent') setOutcome(null);
  };

  const pickFiles = (files: readonly File[]) => {
    attachments.add(files);
    setOutcome(null);
  };

  const discard = () => {
    draft.clear();
    setMessageError(undefined);
    setOutcome(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const error = validateMessage(message);
    setMessageError(error);
    if (error) {
      messageRef.current?.focus();
      return;
    }
    // Files picked before the config (and its limit) arrived are checked once more.
    if (!attachments.checkSizes()) return;
    setOutcome(null);
    attachments.clearRefused();
    // The draft goes once the server has the item, even if the page was left meanwhile.
    void insert
      .mutateAsync({
        fields: {
          uid: author.uid,
          role: author.role,
          id: author.id,
          message: message.trim(),
          audience,
          id_faculty: facultyId,
        },
        files: attachments.files,
        ...transfer.begin(),
      })
      .then(
        () => {
          draft.clear();
          setOutcome({ kind: 'sent' });
        },
        (failure: unknown) => {
          setOutcome(
            writeFailure(failure) === 'cancelled'
              ? { kind: 'cancelled' }
              : { kind: 'failed', error: failure },
          );
        },
      )
      .finally(transfer.finish);
  };

  return {
    draft,
    change,
    attachments,
    transfer,
    sending,
    messageError,
    messageRef,
    outcome,
    typeMessage,
    pickFiles,
    discard,
    submit,
  };
}
