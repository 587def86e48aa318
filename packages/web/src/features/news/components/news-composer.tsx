import type { UploadProgress } from '@lms/client';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Icon } from '../../../components/ui/icon';
import { Panel } from '../../../components/ui/panel';
import { useFaculties } from '../api/get-faculties';
import { useInsertNews } from '../api/insert-news';
import type { NewsAudience, NewsReader } from '../api/news-params';
import { formatFileSize, formatPercent } from '../utils/format';
import {
  ALL_FACULTIES,
  AUDIENCE_KEYS,
  AUDIENCES,
  attachFiles,
  isTooLarge,
  MESSAGE_MAX_LENGTH,
  validateMessage,
  type MessageError,
} from '../utils/news-form';
import { sendFailure } from '../utils/send-failure';
import { FailureMessage, useFailureDetail } from './failure-message';
import { CheckIcon, FileIcon, PaperclipIcon, SendIcon } from './news-icons';
import styles from './news.module.css';

export interface NewsComposerProps {
  author: NewsReader;
  /** The config's per-file upload limit; undefined until the config arrives. */
  maxSizeMb: number | undefined;
}

type Outcome = { kind: 'sent' } | { kind: 'cancelled' } | { kind: 'failed'; error: unknown };

/**
 * The news-writing block (users with newsPerms, section 2): the text, the audience, the faculty
 * and attached files, sent as one multipart upload with progress and a way to cancel it. Whatever
 * happens to the send, the text and files stay until it succeeds.
 */
export function NewsComposer({ author, maxSizeMb }: NewsComposerProps) {
  const { t, i18n } = useTranslation(['news', 'common']);
  const ids = {
    message: useId(),
    messageError: useId(),
    faculty: useId(),
    files: useId(),
    filesHint: useId(),
    progress: useId(),
  };
  const faculties = useFaculties({ id: author.id });
  const insert = useInsertNews();
  const failureDetail = useFailureDetail();

  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<NewsAudience>(0);
  const [facultyId, setFacultyId] = useState(ALL_FACULTIES);
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<File[]>([]);
  const [messageError, setMessageError] = useState<MessageError | undefined>();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const controllerRef = useRef<AbortController | null>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);

  const sending = insert.isPending;
  const language = i18n.language;

  const pickFiles = (picked: FileList | null) => {
    if (!picked || picked.length === 0) return;
    const next = attachFiles(files, Array.from(picked), maxSizeMb);
    setFiles(next.files);
    setRefused(next.refused);
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
    const tooLarge = files.filter((file) => isTooLarge(file, maxSizeMb));
    if (tooLarge.length > 0) {
      setFiles(files.filter((file) => !tooLarge.includes(file)));
      setRefused(tooLarge);
      return;
    }
    const controller = new AbortController();
    controllerRef.current = controller;
    setOutcome(null);
    setRefused([]);
    setProgress({ loaded: 0, total: undefined, fraction: undefined });
    insert.mutate(
      {
        fields: {
          uid: author.uid,
          role: author.role,
          id: author.id,
          message: message.trim(),
          audience,
          id_faculty: facultyId,
        },
        files,
        onProgress: setProgress,
        signal: controller.signal,
      },
      {
        onSuccess: () => {
          setMessage('');
          setFiles([]);
          setAudience(0);
          setFacultyId(ALL_FACULTIES);
          setOutcome({ kind: 'sent' });
        },
        onError: (failure) => {
          setOutcome(
            sendFailure(failure) === 'cancelled'
              ? { kind: 'cancelled' }
              : { kind: 'failed', error: failure },
          );
        },
        onSettled: () => {
          controllerRef.current = null;
          setProgress(null);
        },
      },
    );
  };

  const fraction = progress?.fraction;

  return (
    <Panel title={t('compose.heading')} icon="news" className={styles.composer}>
      <form className={styles.form} onSubmit={submit} noValidate aria-busy={sending}>
        <div className={styles.field}>
          <label htmlFor={ids.message} className={styles.label}>
            {t('compose.message')}
          </label>
          <textarea
            ref={messageRef}
            id={ids.message}
            className={styles.textarea}
            value={message}
            rows={3}
            maxLength={MESSAGE_MAX_LENGTH}
            placeholder={t('compose.messagePlaceholder')}
            aria-invalid={messageError ? true : undefined}
            aria-describedby={messageError ? ids.messageError : undefined}
            required
            readOnly={sending}
            onChange={(event) => {
              setMessage(event.target.value);
              if (messageError && !validateMessage(event.target.value)) setMessageError(undefined);
              if (outcome?.kind === 'sent') setOutcome(null);
            }}
          />
          {messageError ? (
            <p id={ids.messageError} className={styles.fieldError}>
              {t('compose.messageRequired')}
            </p>
          ) : null}
        </div>

        <div className={styles.row}>
          <fieldset className={styles.audience} disabled={sending}>
            <legend className={styles.label}>{t('compose.audience')}</legend>
            <div className={styles.segmented}>
              {AUDIENCES.map((value) => (
                <label key={value} className={styles.segment}>
                  <input
                    type="radio"
                    name="audience"
                    value={value}
                    checked={audience === value}
                    onChange={() => setAudience(value)}
                  />
                  <span>{t(`compose.audiences.${AUDIENCE_KEYS[value]}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <div className={styles.field}>
            <label htmlFor={ids.faculty} className={styles.label}>
              {t('compose.faculty')}
            </label>
            <select
              id={ids.faculty}
              className={styles.select}
              value={facultyId}
              disabled={sending}
              onChange={(event) => setFacultyId(Number(event.target.value))}
            >
              <option value={ALL_FACULTIES}>{t('compose.allFaculties')}</option>
              {faculties.data?.map((faculty) => (
                <option key={faculty.id_faculty} value={faculty.id_faculty}>
                  {faculty.name}
                </option>
              ))}
            </select>
            {faculties.isPending ? (
              <p className={styles.hint} role="status">
                {t('common:loading')}
              </p>
            ) : faculties.isError ? (
              <p className={styles.hint}>
                {t('compose.facultiesFailed')}{' '}
                <button
                  type="button"
                  className={styles.linkButton}
                  onClick={() => void faculties.refetch()}
                >
                  {t('common:retry')}
                </button>
              </p>
            ) : null}
          </div>
        </div>

        {refused.length > 0 ? (
          <FailureMessage
            title={t('compose.fileTooLarge', { maxSizeMb: maxSizeMb ?? 0 })}
            detail={t('compose.notAttached', {
              names: refused.map((file) => file.name).join(', '),
            })}
          />
        ) : null}
        {files.length > 0 ? (
          <ul className={styles.picked} aria-label={t('compose.files')}>
            {files.map((file, index) => (
              <li key={`${file.name}-${file.size}-${file.lastModified}`} className={styles.chip}>
                <FileIcon name={file.name} size={28} />
                <span className={styles.chipText}>
                  <span className={styles.chipName} title={file.name}>
                    {file.name}
                  </span>
                  <span className={styles.chipSize}>{formatFileSize(file.size, language)}</span>
                </span>
                <button
                  type="button"
                  className={styles.iconButton}
                  aria-label={t('compose.removeFile', { name: file.name })}
                  disabled={sending}
                  onClick={() => setFiles(files.filter((_, at) => at !== index))}
                >
                  <Icon name="close" size={18} />
                </button>
              </li>
            ))}
          </ul>
        ) : null}

        {progress ? (
          <div className={styles.progress}>
            <label htmlFor={ids.progress} className={styles.progressLabel}>
              <span>{t('compose.progress')}</span>
              {fraction !== undefined ? <span>{formatPercent(fraction, language)}</span> : null}
            </label>
            <progress id={ids.progress} className={styles.progressBar} max={1} value={fraction} />
          </div>
        ) : null}

        {outcome?.kind === 'failed' ? (
          <FailureMessage
            title={t('compose.failed')}
            detail={failureDetail(outcome.error, maxSizeMb)}
          />
        ) : null}
        <p role="status" className={styles.notice}>
          {outcome?.kind === 'sent' ? (
            <>
              <CheckIcon size={18} />
              {t('compose.sent')}
            </>
          ) : outcome?.kind === 'cancelled' ? (
            t('compose.cancelled')
          ) : null}
        </p>

        <div className={styles.toolbar}>
          <div className={styles.attachRow}>
            <input
              id={ids.files}
              type="file"
              multiple
              className={`visually-hidden ${styles.fileInput}`}
              disabled={sending}
              aria-describedby={maxSizeMb !== undefined ? ids.filesHint : undefined}
              onChange={(event) => {
                pickFiles(event.target.files);
                // The same file can be picked again after it was removed.
                event.target.value = '';
              }}
            />
            <label htmlFor={ids.files} className={styles.attachButton}>
              <PaperclipIcon size={18} />
              {t('compose.attach')}
            </label>
            {maxSizeMb !== undefined ? (
              <span id={ids.filesHint} className={styles.hint}>
                {t('compose.sizeLimit', { maxSizeMb })}
              </span>
            ) : null}
          </div>
          <div className={styles.actions}>
            {sending ? (
              <Button variant="secondary" onClick={() => controllerRef.current?.abort()}>
                <Icon name="close" size={18} />
                {t('compose.cancel')}
              </Button>
            ) : null}
            {/* aria-disabled rather than disabled: the focus stays on the button while it sends. */}
            <Button type="submit" aria-disabled={sending} aria-busy={sending}>
              <SendIcon size={18} />
              {sending ? t('compose.sending') : t('compose.submit')}
            </Button>
          </div>
        </div>
      </form>
    </Panel>
  );
}
