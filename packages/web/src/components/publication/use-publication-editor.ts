import type { UploadData, UploadFields, UploadPath } from '@lms/client';
import type { UseMutationResult } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useDraft, useDraftFiles } from '../../lib/offline/drafts/use-draft';
import type { PublicationDraft } from '../../lib/files/publication';
import {
  useBaseCategoryOf,
  type BookCategorySource,
} from '../../lib/reference-data/book-categories';
import {
  useFileAttachments,
  useUploadTransfer,
  type UploadInput,
} from '../../lib/files/upload-kit';
import { usePublicationForm } from './publication-dialog';

export interface PublicationEditorOptions<
  Fields extends PublicationDraft,
  Errors extends object,
  P extends UploadPath,
> {
  /** Whose draft it is (User.uid) and which: one per edited item, one for a new one. */
  uid: number;
  draftKey: string;
  /** What the form starts from without a draft: the edited item's fields, or a new one's. */
  initial: Fields;
  maxSizeMb: number | undefined;
  /** Who asks for the categories: an edited item names only its category, its base is looked up. */
  categorySource: BookCategorySource;
  /** The fields' errors, with or without a newly attached file. */
  validate: (fields: Fields, hasNewFile: boolean) => Errors;
  /** The feature's save (`useUploadMutation`). */
  save: UseMutationResult<UploadData<P>, Error, UploadInput<P>>;
  onClose: () => void;
}

/** How a submit sends the form: with the attached file or without one, and what follows. */
export interface PublicationSend<P extends UploadPath> {
  /** The attached file goes with the fields (false: the item names a file it already has). */
  withFile: boolean;
  fields: (file: File | undefined) => UploadFields<P>;
  onSaved: (saved: UploadData<P>) => void;
}

/**
 * The state of a publication's form dialog (an e-library book, a UMK material) around its own
 * fields: the draft kept per user until saved or cancelled (with its file), the base category of
 * an edited item looked up, the errors once a send was refused, and the send with its progress and
 * cancel. A failed or cancelled save keeps every field and the file; the draft goes once the server
 * has the item, even if the dialog was left meanwhile.
 */
export function usePublicationEditor<
  Fields extends PublicationDraft,
  Errors extends object,
  P extends UploadPath,
>(options: PublicationEditorOptions<Fields, Errors, P>) {
  const { uid, draftKey, initial, maxSizeMb, validate, save, onClose } = options;
  const attachments = useFileAttachments(maxSizeMb);
  const transfer = useUploadTransfer();
  const form = usePublicationForm<Errors>();
  const kept = useDraft<{ fields: Fields; files: readonly File[] }>(uid, draftKey, {
    fields: initial,
    files: [],
  });
  useDraftFiles(kept, attachments);
  const draft = kept.value.fields;
  const hasNewFile = attachments.files.length > 0;
  const baseOf = useBaseCategoryOf(
    options.categorySource,
    draft.id_baseBookCategory === -1 && draft.id_bookCategory !== -1 ? draft.id_bookCategory : null,
  );
  const close = () => {
    kept.clear();
    onClose();
  };

  return {
    draft,
    /** The fields as shown: the draft with the looked-up base category. */
    shown:
      baseOf !== -1 && draft.id_baseBookCategory === -1
        ? { ...draft, id_baseBookCategory: baseOf }
        : draft,
    form,
    change: (next: Fields) => {
      kept.set((value) => ({ ...value, fields: next }));
      form.changed(() => validate(next, hasNewFile));
    },
    /** The file picker's attachments: a new file corrects a missing one at once. */
    attachments: {
      ...attachments,
      add: (files: Parameters<typeof attachments.add>[0]) => {
        attachments.add(files);
        form.changed(() => validate(draft, true));
      },
    },
    submit: (event: FormEvent<HTMLFormElement>, send: PublicationSend<P>) => {
      event.preventDefault();
      if (save.isPending || !form.check(validate(draft, hasNewFile))) return;
      if (send.withFile && !attachments.checkSizes()) return;
      attachments.clearRefused();
      const file = send.withFile ? attachments.files[0] : undefined;
      void save
        .mutateAsync({ fields: send.fields(file), files: file ? [file] : [], ...transfer.begin() })
        .then((saved) => {
          kept.clear();
          send.onSaved(saved);
        }, form.failed)
        .finally(transfer.finish);
    },
    /** PublicationDialog's props of the send and of the draft; cancelling throws the draft away. */
    dialog: {
      onClose: close,
      sending: save.isPending,
      progress: transfer.progress,
      onCancelSend: transfer.cancel,
      outcome: form.outcome,
      draft: {
        restored: kept.restored,
        filesNotKept: kept.filesNotKept,
        onDiscard: () => {
          kept.clear();
          form.reset();
        },
      },
    },
  };
}
