import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PublicationDialog,
  usePublicationForm,
} from '../../../components/publication/publication-dialog';
import { PublicationFields } from '../../../components/publication/publication-fields';
import { useDraft, useDraftFiles } from '../../../lib/drafts/use-draft';
import {
  EMPTY_PUBLICATION,
  validatePublication,
  type PublicationDraft,
  type PublicationErrors,
} from '../../../lib/publication';
import { useBaseCategoryOf } from '../../../lib/reference-data/book-categories';
import type { LibraryBook } from '../../../lib/reference-data/library-books';
import type { PortalUser } from '../../../lib/roles';
import { useFileAttachments, useUploadTransfer } from '../../../lib/upload-kit';
import { useSaveBook } from '../api/save-book';
import { draftFromBook, toBookFields } from '../utils/book-form';

/** A book being added or edited: its fields and the picked file, kept until saved or cancelled. */
interface BookDraft {
  fields: PublicationDraft;
  files: readonly File[];
}

export interface BookFormProps {
  /** `uid` owns the draft; `id` and `role` go with the book. */
  user: Pick<PortalUser, 'uid' | 'id' | 'role'>;
  /** The book to edit; null adds one. */
  editing: LibraryBook | null;
  /** The base category and category the list shows, preselected for a new book. */
  preset: { id_baseBookCategory: number; id_bookCategory: number };
  maxSizeMb: number | undefined;
  onClose: () => void;
  onSaved: (book: LibraryBook) => void;
}

/**
 * Adds or edits an e-library book in a dialog: its file, title, author,
 * pages, description and category. Refused before sending while a field is missing; a failed or
 * cancelled save keeps every field and the file. What is typed is a draft of the new book or of the
 * edited one until it is saved or cancelled: opened again after a reload, the form brings it back.
 */
export function BookForm({ user, editing, preset, maxSizeMb, onClose, onSaved }: BookFormProps) {
  const { t } = useTranslation(['e-library', 'publication']);
  const save = useSaveBook();
  const attachments = useFileAttachments(maxSizeMb);
  const transfer = useUploadTransfer();
  const form = usePublicationForm<PublicationErrors>();
  const { bodyRef, errors, outcome } = form;
  const kept = useDraft<BookDraft>(
    user.uid,
    `e-library:book:${editing ? editing.id_eBook : 'new'}`,
    { fields: editing ? draftFromBook(editing) : { ...EMPTY_PUBLICATION, ...preset }, files: [] },
  );
  useDraftFiles(kept, attachments);
  const draft = kept.value.fields;
  const rules = {
    hasNewFile: attachments.files.length > 0,
    hasStoredFile: Boolean(editing?.fileName),
    needsCategory: true,
  };
  // An edited book names only its category; its base category is looked up.
  const baseOf = useBaseCategoryOf(
    'library',
    draft.id_baseBookCategory === -1 && draft.id_bookCategory !== -1 ? draft.id_bookCategory : null,
  );
  const shown =
    baseOf !== -1 && draft.id_baseBookCategory === -1
      ? { ...draft, id_baseBookCategory: baseOf }
      : draft;

  const change = (next: PublicationDraft) => {
    kept.set((value) => ({ ...value, fields: next }));
    form.changed(() => validatePublication(next, rules));
  };
  // Cancelling or closing the dialog throws the draft away.
  const close = () => {
    kept.clear();
    onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || !form.check(validatePublication(draft, rules))) return;
    if (!attachments.checkSizes()) return;
    attachments.clearRefused();
    const file = attachments.files[0];
    // The draft goes once the server has the book, even if the dialog was left meanwhile.
    void save
      .mutateAsync({
        fields: toBookFields(draft, { user, editing, file }),
        files: file ? [file] : [],
        ...transfer.begin(),
      })
      .then((book) => {
        kept.clear();
        if (book) onSaved(book);
        else onClose();
      }, form.failed)
      .finally(transfer.finish);
  };

  const fieldNames: Record<keyof PublicationErrors, string> = {
    name: t('publication:name'),
    pages: t('publication:pages'),
    category: t('publication:category'),
    file: t('publication:file'),
  };

  return (
    <PublicationDialog
      title={editing ? t('form.editTitle') : t('form.addTitle')}
      subtitle={editing?.name}
      onSubmit={submit}
      onClose={close}
      sending={save.isPending}
      progress={transfer.progress}
      onCancelSend={transfer.cancel}
      missing={Object.keys(errors).map((key) => fieldNames[key as keyof PublicationErrors])}
      outcome={outcome}
      failedTitle={t('form.failed')}
      draft={{
        restored: kept.restored,
        onDiscard: () => {
          kept.clear();
          form.reset();
        },
      }}
      failureTexts={{
        tooLarge: maxSizeMb !== undefined ? t('publication:tooLarge', { maxSizeMb }) : undefined,
        notFound: t('form.notFound'),
      }}
    >
      <div ref={bodyRef}>
        <PublicationFields
          draft={shown}
          onChange={change}
          errors={errors}
          categorySource="library"
          showCategory
          file={{
            attachments: {
              ...attachments,
              add: (files) => {
                attachments.add(files);
                form.changed(() => validatePublication(draft, { ...rules, hasNewFile: true }));
              },
            },
            storedName: editing?.fileName,
            maxSizeMb,
          }}
          disabled={save.isPending}
        />
      </div>
    </PublicationDialog>
  );
}
