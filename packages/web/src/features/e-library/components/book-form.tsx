import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicationDialog } from '../../../components/publication/publication-dialog';
import { PublicationFields } from '../../../components/publication/publication-fields';
import { usePublicationEditor } from '../../../components/publication/use-publication-editor';
import {
  EMPTY_PUBLICATION,
  validatePublication,
  type PublicationErrors,
} from '../../../lib/files/publication';
import type { LibraryBook } from '../../../lib/reference-data/library-books';
import type { PortalUser } from '../../../lib/session/roles';
import { useSaveBook } from '../api/save-book';
import { draftFromBook, toBookFields } from '../utils/book-form';

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
  const rules = { hasStoredFile: Boolean(editing?.fileName), needsCategory: true };
  const editor = usePublicationEditor({
    uid: user.uid,
    draftKey: `e-library:book:${editing ? editing.id_eBook : 'new'}`,
    initial: editing ? draftFromBook(editing) : { ...EMPTY_PUBLICATION, ...preset },
    maxSizeMb,
    categorySource: 'library',
    validate: (fields, hasNewFile) => validatePublication(fields, { ...rules, hasNewFile }),
    save,
    onClose,
  });
  const { bodyRef, errors } = editor.form;

  const submit = (event: FormEvent<HTMLFormElement>) =>
    editor.submit(event, {
      withFile: true,
      fields: (file) => toBookFields(editor.draft, { user, editing, file }),
      onSaved: (book) => (book ? onSaved(book) : onClose()),
    });

  const fieldNames: Record<keyof PublicationErrors, string> = {
    name: t('publication:name'),
    pages: t('publication:pages'),
    category: t('publication:category'),
    file: t('publication:file'),
  };

  return (
    <PublicationDialog
      {...editor.dialog}
      title={editing ? t('form.editTitle') : t('form.addTitle')}
      subtitle={editing?.name}
      onSubmit={submit}
      missing={Object.keys(errors).map((key) => fieldNames[key as keyof PublicationErrors])}
      failedTitle={t('form.failed')}
      failureTexts={{
        tooLarge: maxSizeMb !== undefined ? t('publication:tooLarge', { maxSizeMb }) : undefined,
        notFound: t('form.notFound'),
      }}
    >
      <div ref={bodyRef}>
        <PublicationFields
          draft={editor.shown}
          onChange={editor.change}
          errors={errors}
          categorySource="library"
          showCategory
          file={{ attachments: editor.attachments, storedName: editing?.fileName, maxSizeMb }}
          disabled={save.isPending}
        />
      </div>
    </PublicationDialog>
  );
}
