import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachedFiles, FilePicker } from '../../../components/upload/file-picker';
import { CancelUploadButton, UploadProgressBar } from '../../../components/upload/upload-progress';
import { ActionIcon } from '../../../components/ui/action-icons';
import { Button } from '../../../components/ui/button';
import { FailureMessage, useFailureDetail } from '../../../components/ui/failure-message';
import form from '../../../components/ui/text-field.module.css';
import { Panel } from '../../../components/ui/panel';
import { PickerField } from '../../../components/ui/picker-field';
import { SegmentedField } from '../../../components/ui/segmented-field';
import { DraftNote } from '../../../components/ui/draft-note';
import { SuccessNotice } from '../../../components/ui/success-notice';
import { useDraft, useDraftFiles } from '../../../lib/drafts/use-draft';
import { useFileAttachments, useUploadTransfer } from '../../../lib/upload-kit';
import { writeFailure } from '../../../lib/write-failure';
import { useFaculties } from '../api/get-faculties';
import { useInsertNews, type NewsAudience } from '../api/insert-news';
import type { NewsReader } from '../api/news-keys';
import {
  ALL_FACULTIES,
  AUDIENCE_KEYS,
  AUDIENCES,
  MESSAGE_MAX_LENGTH,
  validateMessage,
  type MessageError,
} from '../utils/news-form';
import styles from './news.module.css';

export interface NewsComposerProps {
  author: NewsReader;
  /** The config's per-file upload limit; undefined until the config arrives. */
  maxSizeMb: number | undefined;
}

/** What the person is writing: kept as a draft until it is published or cleared. */
interface NewsDraft {
  message: string;
  audience: NewsAudience;
  facultyId: number;
  files: readonly File[];
}

const EMPTY_NEWS: NewsDraft = { message: '', audience: 0, facultyId: ALL_FACULTIES, files: [] };

/** One news draft per person. */
const NEWS_DRAFT_KEY = 'news:composer';

type Outcome = { kind: 'sent' } | { kind: 'cancelled' } | { kind: 'failed'; error: unknown };

/**
 * The news-writing block (users with newsPerms): the text, the audience, the faculty
 * and attached files, sent as one multipart upload with progress and a way to cancel it. Whatever
 * happens to the send, the text and files stay until it succeeds; they are kept as the person's
 * draft meanwhile, so a reload or the next sign-in brings them back.
 */
export function NewsComposer({ author, maxSizeMb }: NewsComposerProps) {
  const { t } = useTranslation(['news', 'common']);
  const ids = { message: useId(), messageError: useId() };
  const faculties = useFaculties({ id: author.id });
  const insert = useInsertNews();
  const failureDetail = useFailureDetail();
  const attachments = useFileAttachments(maxSizeMb);
  const transfer = useUploadTransfer();

  const draft = useDraft(author.uid, NEWS_DRAFT_KEY, EMPTY_NEWS);
  useDraftFiles(draft, attachments);
  const { message, audience, facultyId } = draft.value;
  const change = (next: Partial<NewsDraft>) => draft.set((value) => ({ ...value, ...next }));
  const [messageError, setMessageError] = useState<MessageError | undefined>();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);

  const sending = insert.isPending;
  const tooLarge = t('compose.fileTooLarge', { maxSizeMb: maxSizeMb ?? 0 });

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

  return (
    <Panel title={t('compose.heading')} icon="news" className={styles.composer}>
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={sending}>
        <DraftNote
          restored={draft.restored}
          filesNotKept={draft.filesNotKept}
          onDiscard={() => {
            draft.clear();
            setMessageError(undefined);
            setOutcome(null);
          }}
        />
        <div className={form.field}>
          <label htmlFor={ids.message} className={form.label}>
            {t('compose.message')}
          </label>
          <textarea
            ref={messageRef}
            id={ids.message}
            className={form.textarea}
            value={message}
            rows={3}
            maxLength={MESSAGE_MAX_LENGTH}
            placeholder={t('compose.messagePlaceholder')}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={messageError ? ids.messageError : undefined}
            required
            readOnly={sending}
            onChange={(event) => {
              change({ message: event.target.value });
              if (messageError && !validateMessage(event.target.value)) setMessageError(undefined);
              if (outcome?.kind === 'sent') setOutcome(null);
            }}
          />
          {messageError ? (
            <p id={ids.messageError} className={form.fieldError}>
              {t('compose.messageRequired')}
            </p>
          ) : null}
        </div>

        <div className={styles.row}>
          <SegmentedField
            legend={t('compose.audience')}
            value={audience}
            options={AUDIENCES.map((value) => ({
              value,
              label: t(`compose.audiences.${AUDIENCE_KEYS[value]}`),
            }))}
            onChange={(next) => change({ audience: next })}
            disabled={sending}
          />

          <PickerField
            label={t('compose.faculty')}
            value={facultyId}
            placeholder={t('compose.allFaculties')}
            options={(faculties.data ?? []).map((faculty) => ({
              id: faculty.id_faculty,
              name: faculty.name,
            }))}
            onChange={(id) => change({ facultyId: id })}
            disabled={sending}
          >
            {faculties.isPending ? (
              <p className={form.hint} role="status">
                {t('common:loading')}
              </p>
            ) : faculties.isError ? (
              <p className={form.hint}>
                {t('compose.facultiesFailed')}{' '}
                <button
                  type="button"
                  className={form.linkButton}
                  onClick={() => void faculties.refetch()}
                >
                  {t('common:retry')}
                </button>
              </p>
            ) : null}
          </PickerField>
        </div>

        <AttachedFiles
          files={attachments.files}
          refused={attachments.refused}
          tooLargeMessage={tooLarge}
          onRemove={attachments.remove}
          disabled={sending}
        />

        {transfer.progress ? (
          <UploadProgressBar progress={transfer.progress} label={t('compose.progress')} />
        ) : null}

        {outcome?.kind === 'failed' ? (
          <FailureMessage
            title={t('compose.failed')}
            kept="textAndFiles"
            detail={failureDetail(outcome.error, {
              tooLarge: maxSizeMb !== undefined ? tooLarge : undefined,
            })}
            error={outcome.error}
          />
        ) : null}
        <SuccessNotice className={styles.notice} done={outcome?.kind === 'sent'}>
          {outcome?.kind === 'sent'
            ? t('compose.sent')
            : outcome?.kind === 'cancelled'
              ? `${t('compose.cancelled')} ${t('common:failure.kept.textAndFiles')}`
              : null}
        </SuccessNotice>

        <div className={styles.toolbar}>
          <FilePicker
            onPick={(files) => {
              attachments.add(files);
              setOutcome(null);
            }}
            maxSizeMb={maxSizeMb}
            disabled={sending}
          />
          <div className={styles.actions}>
            {sending ? <CancelUploadButton onCancel={transfer.cancel} /> : null}
            {/* aria-disabled rather than disabled: the focus stays on the button while it sends. */}
            <Button type="submit" aria-disabled={sending} aria-busy={sending}>
              <ActionIcon name="send" size={18} />
              {sending ? t('compose.sending') : t('compose.submit')}
            </Button>
          </div>
        </div>
      </form>
    </Panel>
  );
}
