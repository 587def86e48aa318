import { useId, type Ref } from 'react';
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
import { useFaculties } from '../api/get-faculties';
import type { NewsReader } from '../api/news-keys';
import {
  AUDIENCE_KEYS,
  AUDIENCES,
  MESSAGE_MAX_LENGTH,
  type MessageError,
} from '../utils/news-form';
import { useNewsComposer, type NewsDraft, type NewsOutcome } from './use-news-composer';
import styles from './news.module.css';

export interface NewsComposerProps {
  author: NewsReader;
  /** The config's per-file upload limit; undefined until the config arrives. */
  maxSizeMb: number | undefined;
}

/** The news's text, with what is wrong with it once a send was refused. */
function MessageField({
  value,
  error,
  sending,
  inputRef,
  onChange,
}: {
  value: string;
  error: MessageError | undefined;
  sending: boolean;
  inputRef: Ref<HTMLTextAreaElement>;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('news');
  const ids = { message: useId(), messageError: useId() };
  return (
    <div className={form.field}>
      <label htmlFor={ids.message} className={form.label}>
        {t('compose.message')}
      </label>
      <textarea
        ref={inputRef}
        id={ids.message}
        className={form.textarea}
        value={value}
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        placeholder={t('compose.messagePlaceholder')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? ids.messageError : undefined}
        required
        readOnly={sending}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={ids.messageError} className={form.fieldError}>
          {t('compose.messageRequired')}
        </p>
      ) : null}
    </div>
  );
}

/** Who reads the news: the audience and a faculty (or all of them). */
function AudienceFields({
  author,
  draft,
  sending,
  onChange,
}: {
  author: NewsReader;
  draft: NewsDraft;
  sending: boolean;
  onChange: (next: Partial<NewsDraft>) => void;
}) {
  const { t } = useTranslation(['news', 'common']);
  const faculties = useFaculties({ id: author.id });
  return (
    <div className={styles.row}>
      <SegmentedField
        legend={t('compose.audience')}
        value={draft.audience}
        options={AUDIENCES.map((value) => ({
          value,
          label: t(`compose.audiences.${AUDIENCE_KEYS[value]}`),
        }))}
        onChange={(next) => onChange({ audience: next })}
        disabled={sending}
      />

      <PickerField
        label={t('compose.faculty')}
        value={draft.facultyId}
        placeholder={t('compose.allFaculties')}
        options={(faculties.data ?? []).map((faculty) => ({
          id: faculty.id_faculty,
          name: faculty.name,
        }))}
        onChange={(id) => onChange({ facultyId: id })}
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
  );
}

/** How the last send ended: failed (the text and files kept), cancelled, or published. */
function PublishOutcome({
  outcome,
  maxSizeMb,
}: {
  outcome: NewsOutcome | null;
  maxSizeMb: number | undefined;
}) {
  const { t } = useTranslation(['news', 'common']);
  const failureDetail = useFailureDetail();
  return (
    <>
      {outcome?.kind === 'failed' ? (
        <FailureMessage
          title={t('compose.failed')}
          kept="textAndFiles"
          detail={failureDetail(outcome.error, {
            tooLarge:
              maxSizeMb !== undefined ? t('compose.fileTooLarge', { maxSizeMb }) : undefined,
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
    </>
  );
}

/**
 * The news-writing block (users with newsPerms): the text, the audience, the faculty
 * and attached files, sent as one multipart upload with progress and a way to cancel it. Whatever
 * happens to the send, the text and files stay until it succeeds; they are kept as the person's
 * draft meanwhile, so a reload or the next sign-in brings them back.
 */
export function NewsComposer({ author, maxSizeMb }: NewsComposerProps) {
  const { t } = useTranslation(['news', 'common']);
  const composer = useNewsComposer(author, maxSizeMb);
  const { draft, attachments, transfer, sending } = composer;

  return (
    <Panel title={t('compose.heading')} icon="news" className={styles.composer}>
      <form className={styles.form} onSubmit={composer.submit} noValidate aria-busy={sending}>
        <DraftNote
          restored={draft.restored}
          filesNotKept={draft.filesNotKept}
          onDiscard={composer.discard}
        />
        <MessageField
          value={draft.value.message}
          error={composer.messageError}
          sending={sending}
          inputRef={composer.messageRef}
          onChange={composer.typeMessage}
        />
        <AudienceFields
          author={author}
          draft={draft.value}
          sending={sending}
          onChange={composer.change}
        />

        <AttachedFiles
          files={attachments.files}
          refused={attachments.refused}
          tooLargeMessage={t('compose.fileTooLarge', { maxSizeMb: maxSizeMb ?? 0 })}
          onRemove={attachments.remove}
          disabled={sending}
        />

        {transfer.progress ? (
          <UploadProgressBar progress={transfer.progress} label={t('compose.progress')} />
        ) : null}

        <PublishOutcome outcome={composer.outcome} maxSizeMb={maxSizeMb} />

        <div className={styles.toolbar}>
          <FilePicker onPick={composer.pickFiles} maxSizeMb={maxSizeMb} disabled={sending} />
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
