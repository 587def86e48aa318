import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PublicationDialog,
  usePublicationForm,
} from '../../../components/publication/publication-dialog';
import { PublicationFields } from '../../../components/publication/publication-fields';
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

export interface BookFormProps {
  user: Pick<PortalUser, 'id' | 'role'>;
  /** The book to edit; null adds one. */
  editing: LibraryBook | null;
  /** The base category and category the list shows, preselected for a new book. */
  preset: { id_baseBookCategory: number; id_bookCategory: number };
  maxSizeMb: number | undefined;
  onClose: () => void;
  onSaved: (book: LibraryBook) => void;
}

/**
 * Adds or edits an e-library book (section 3 "E-book") in a dialog: its file, title, author,
 * pages, description and category. Refused before sending while a field is missing; a failed or
 * cancelled save keeps every field and the file.
 */
export function BookForm({ user, editing, preset, maxSizeMb, onClose, onSaved }: BookFormProps) {
  const { t } = useTranslation(['e-library', 'publication']);
  const save = useSaveBook();
  const attachments = useFileAttachments(maxSizeMb);
  const transfer = useUploadTransfer();
  const form = usePublicationForm<PublicationErrors>();
  const { bodyRef, errors, outcome } = form;
  const [draft, setDraft] = useState<PublicationDraft>(() =>
    editing ? draftFromBook(editing) : { ...EMPTY_PUBLICATION, ...preset },
  );
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
    setDraft(next);
    form.changed(() => validatePublication(next, rules));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending || !form.check(validatePublication(draft, rules))) return;
    if (!attachments.checkSizes()) return;
    attachments.clearRefused();
    const file = attachments.files[0];
    save.mutate(
      {
        fields: toBookFields(draft, { user, editing, file }),
        files: file ? [file] : [],
        ...transfer.begin(),
      },
      {
        onSuccess: (book) => (book ? onSaved(book) : onClose()),
        onError: form.failed,
        onSettled: transfer.finish,
      },
    );
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
      onClose={onClose}
      sending={save.isPending}
      progress={transfer.progress}
      onCancelSend={transfer.cancel}
      missing={Object.keys(errors).map((key) => fieldNames[key as keyof PublicationErrors])}
      outcome={outcome}
      failedTitle={t('form.failed')}
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
