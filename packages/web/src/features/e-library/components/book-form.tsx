import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PublicationFields } from '../../../components/publication/publication-fields';
import { Button } from '../../../components/ui/button';
import { FailureMessage, useFailureDetail } from '../../../components/ui/failure-message';
import { FormDialog } from '../../../components/ui/form-dialog';
import surface from '../../../components/ui/surface.module.css';
import { CancelUploadButton, UploadProgressBar } from '../../../components/upload/upload-progress';
import {
  EMPTY_PUBLICATION,
  hasErrors,
  validatePublication,
  type PublicationDraft,
  type PublicationErrors,
} from '../../../lib/publication';
import { useBaseCategoryOf } from '../../../lib/reference-data/book-categories';
import type { LibraryBook } from '../../../lib/reference-data/library-books';
import type { PortalUser } from '../../../lib/roles';
import { useFileAttachments, useUploadTransfer } from '../../../lib/upload-kit';
import { writeFailure } from '../../../lib/write-failure';
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

type Outcome = { kind: 'cancelled' } | { kind: 'failed'; error: unknown };

/**
 * Adds or edits an e-library book (section 3 "E-book") in a dialog: its file, title, author,
 * pages, description and category. Refused before sending while a field is missing; a failed or
 * cancelled save keeps every field and the file.
 */
export function BookForm({ user, editing, preset, maxSizeMb, onClose, onSaved }: BookFormProps) {
  const { t } = useTranslation(['e-library', 'publication', 'common']);
  const failureDetail = useFailureDetail();
  const save = useSaveBook();
  const attachments = useFileAttachments(maxSizeMb);
  const transfer = useUploadTransfer();
  const [draft, setDraft] = useState<PublicationDraft>(() =>
    editing ? draftFromBook(editing) : { ...EMPTY_PUBLICATION, ...preset },
  );
  const [errors, setErrors] = useState<PublicationErrors | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const sending = save.isPending;
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
    setOutcome(null);
    if (errors) setErrors(validatePublication(next, rules));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const found = validatePublication(draft, rules);
    setErrors(found);
    if (hasErrors(found)) {
      requestAnimationFrame(() =>
        bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    if (!attachments.checkSizes()) return;
    setOutcome(null);
    attachments.clearRefused();
    const file = attachments.files[0];
    save.mutate(
      {
        fields: toBookFields(draft, { user, editing, file }),
        files: file ? [file] : [],
        ...transfer.begin(),
      },
      {
        onSuccess: (book) => {
          if (book) onSaved(book);
          else onClose();
        },
        onError: (failure) =>
          setOutcome(
            writeFailure(failure) === 'cancelled'
              ? { kind: 'cancelled' }
              : { kind: 'failed', error: failure },
          ),
        onSettled: transfer.finish,
      },
    );
  };

  const shownErrors = errors ?? {};
  const fieldNames: Record<keyof PublicationErrors, string> = {
    name: t('publication:name'),
    pages: t('publication:pages'),
    category: t('publication:category'),
    file: t('publication:file'),
  };
  const missing = (Object.keys(shownErrors) as (keyof PublicationErrors)[]).map(
    (key) => fieldNames[key],
  );

  return (
    <FormDialog
      title={editing ? t('form.editTitle') : t('form.addTitle')}
      subtitle={editing?.name}
      busy={sending}
      onSubmit={submit}
      onDismiss={() => {
        if (!sending) onClose();
      }}
      footer={
        <>
          {sending ? (
            <CancelUploadButton onCancel={transfer.cancel} />
          ) : (
            <Button variant="secondary" onClick={onClose}>
              {t('common:cancel')}
            </Button>
          )}
          <Button type="submit" aria-disabled={sending} aria-busy={sending}>
            {sending ? t('form.saving') : t('form.save')}
          </Button>
        </>
      }
    >
      <div ref={bodyRef}>
        <PublicationFields
          draft={shown}
          onChange={change}
          errors={shownErrors}
          categorySource="library"
          showCategory
          file={{
            attachments: {
              ...attachments,
              add: (files) => {
                attachments.add(files);
                setOutcome(null);
                if (errors) setErrors(validatePublication(draft, { ...rules, hasNewFile: true }));
              },
            },
            storedName: editing?.fileName,
            maxSizeMb,
          }}
          disabled={sending}
        />
      </div>
      {transfer.progress ? (
        <UploadProgressBar progress={transfer.progress} label={t('form.progress')} />
      ) : null}
      {missing.length > 0 ? (
        <p className={surface.note} role="alert">
          {t('publication:checkFields', { fields: missing.join(', ') })}
        </p>
      ) : null}
      {outcome?.kind === 'failed' ? (
        <FailureMessage
          title={t('form.failed')}
          kept="form"
          detail={failureDetail(outcome.error, {
            tooLarge:
              maxSizeMb !== undefined ? t('publication:tooLarge', { maxSizeMb }) : undefined,
            notFound: t('form.notFound'),
          })}
        />
      ) : null}
      {outcome?.kind === 'cancelled' ? (
        <p className={surface.note} role="status">
          {`${t('form.cancelled')} ${t('common:failure.kept.form')}`}
        </p>
      ) : null}
    </FormDialog>
  );
}
