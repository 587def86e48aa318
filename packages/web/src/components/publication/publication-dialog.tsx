import type { UploadProgress } from '@lms/client';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DraftNote, type DraftNoteProps } from '../ui/draft-note';
import { hasErrors } from '../../lib/files/publication';
import { writeFailure } from '../../lib/query/write-failure';
import { Button } from '../ui/button';
import { FailureMessage, useFailureDetail, type FailureDetailTexts } from '../ui/failure-message';
import { FormDialog } from '../ui/form-dialog';
import surface from '../ui/surface.module.css';
import { CancelUploadButton, UploadProgressBar } from '../upload/upload-progress';

/** How the last send ended when it did not succeed. */
export type SendOutcome = { kind: 'cancelled' } | { kind: 'failed'; error: unknown };

/**
 * The state of a publication form around its fields: the errors shown once a send was refused
 * (and kept up to date as the fields are corrected), the focus sent to the first field to correct,
 * and how a failed send ended. The fields themselves stay in the screen's state, so nothing is lost.
 */
export function usePublicationForm<Errors extends object>() {
  const bodyRef = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<Errors | null>(null);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  return {
    /** Put on the element around the fields. */
    bodyRef,
    errors: errors ?? ({} as Partial<Errors>),
    outcome,
    /** A field changed: the last outcome is old news; once refused, the errors follow the fields. */
    changed: (validate: () => Errors) => {
      setOutcome(null);
      if (errors) setErrors(validate());
    },
    /** Before sending: true when the form may go; otherwise its errors show and get the focus. */
    check: (found: Errors) => {
      setErrors(found);
      if (hasErrors(found)) {
        requestAnimationFrame(() =>
          bodyRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
        );
        return false;
      }
      setOutcome(null);
      return true;
    },
    /** The form starts over (a discarded draft): no errors, no outcome. */
    reset: () => {
      setErrors(null);
      setOutcome(null);
    },
    /** The send failed or was cancelled. */
    failed: (error: unknown) =>
      setOutcome(
        writeFailure(error) === 'cancelled' ? { kind: 'cancelled' } : { kind: 'failed', error },
      ),
  };
}

export interface PublicationDialogProps {
  title: string;
  subtitle?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  /** The send under way: its progress and cancel button replace 'Отмена'. */
  sending: boolean;
  progress: UploadProgress | null;
  onCancelSend: () => void;
  /** The names of the fields that keep the form from being sent. */
  missing: readonly string[];
  outcome: SendOutcome | null;
  /** 'Не удалось сохранить книгу.' */
  failedTitle: string;
  failureTexts?: FailureDetailTexts;
  /** The form opened with a kept draft (and how to throw it away): 'Черновик восстановлен'. */
  draft?: Pick<DraftNoteProps, 'restored' | 'filesNotKept' | 'onDiscard'>;
  children: ReactNode;
}

/**
 * A publication's form in a dialog (an e-library book, a UMK material): the fields, the upload's
 * progress, which fields to correct, why a save failed (saying the form and file were kept), and
 * 'Отмена' or, while sending, the cancel button, beside 'Сохранить'.
 */
export function PublicationDialog({
  title,
  subtitle,
  onSubmit,
  onClose,
  sending,
  progress,
  onCancelSend,
  missing,
  outcome,
  failedTitle,
  failureTexts,
  draft,
  children,
}: PublicationDialogProps) {
  const { t } = useTranslation(['publication', 'common']);
  const failureDetail = useFailureDetail();
  return (
    <FormDialog
      title={title}
      subtitle={subtitle}
      busy={sending}
      onSubmit={onSubmit}
      // A running save is cancelled with its own button, not by closing the dialog.
      onDismiss={() => {
        if (!sending) onClose();
      }}
      footer={
        <>
          {sending ? (
            <CancelUploadButton onCancel={onCancelSend} />
          ) : (
            <Button variant="secondary" onClick={onClose}>
              {t('common:cancel')}
            </Button>
          )}
          <Button type="submit" aria-disabled={sending} aria-busy={sending}>
            {sending ? t('saving') : t('save')}
          </Button>
        </>
      }
    >
      {draft ? <DraftNote {...draft} /> : null}
      {children}
      {progress ? <UploadProgressBar progress={progress} label={t('progress')} /> : null}
      {missing.length > 0 ? (
        <p className={surface.note} role="alert">
          {t('checkFields', { fields: missing.join(', ') })}
        </p>
      ) : null}
      {outcome?.kind === 'failed' ? (
        <FailureMessage
          title={failedTitle}
          kept="form"
          detail={failureDetail(outcome.error, failureTexts)}
          error={outcome.error}
        />
      ) : null}
      {outcome?.kind === 'cancelled' ? (
        <p className={surface.note} role="status">
          {`${t('cancelled')} ${t('common:failure.kept.form')}`}
        </p>
      ) : null}
    </FormDialog>
  );
}
