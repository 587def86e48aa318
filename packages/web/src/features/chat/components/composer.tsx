import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachedFiles, FilePicker } from '../../../components/upload/file-picker';
import { ActionIcon } from '../../../components/ui/action-icons';
import { Button } from '../../../components/ui/button';
import { DraftNote } from '../../../components/ui/draft-note';
import { useDraft, useDraftFiles } from '../../../lib/offline/drafts/use-draft';
import { useFileAttachments } from '../../../lib/files/upload-kit';
import styles from './chat.module.css';

export interface ComposerDraft {
  text: string;
  files: File[];
}

/** What is being written in one conversation, kept as its draft until it goes to the outbox. */
interface MessageDraft {
  text: string;
  files: readonly File[];
}

const EMPTY_MESSAGE: MessageDraft = { text: '', files: [] };

export interface ComposerProps {
  /** The signed-in account (uid) whose draft this is. */
  owner: number;
  /** The conversation: each keeps its own draft. */
  draftKey: string;
  /** The config's per-file limit; unknown until the config arrives. */
  maxSizeMb: number | undefined;
  /** Hands the message over (to the outbox); the composer empties at once. */
  onSend: (draft: ComposerDraft) => void;
  /** A draft given back (a cancelled send): it fills the composer again. */
  restored: ComposerDraft | null;
}

/**
 * The message box: text, files and photos (checked against the size limit before anything is
 * sent), Enter to send and Shift+Enter for a new line. An empty message cannot be sent. What is
 * typed is kept as the conversation's draft until it is handed to the outbox (which keeps it from
 * then on), so a reload or the next sign-in brings it back.
 */
export function Composer({ owner, draftKey, maxSizeMb, onSend, restored }: ComposerProps) {
  const { t } = useTranslation('chat');
  const ids = { text: useId(), hint: useId() };
  const [emptyError, setEmptyError] = useState(false);
  const attachments = useFileAttachments(maxSizeMb);
  const draft = useDraft(owner, `chat:${draftKey}`, EMPTY_MESSAGE);
  useDraftFiles(draft, attachments);
  const { text } = draft.value;
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [restoredSeen, setRestoredSeen] = useState<ComposerDraft | null>(null);

  // A cancelled send comes back into the box, and into the draft (render-time state update).
  if (restored && restored !== restoredSeen) {
    setRestoredSeen(restored);
    draft.set({ text: restored.text, files: restored.files });
  }

  // The box a send has just emptied: a second tap of the same press (a double tap, a key held)
  // finds it so, and is that press again, not an empty message to refuse.
  const [justSent, setJustSent] = useState(false);
  const empty = text.trim() === '' && attachments.files.length === 0;
  if (justSent && !empty) setJustSent(false);

  const send = () => {
    if (!attachments.checkSizes()) return;
    if (empty) {
      if (justSent) return;
      setEmptyError(true);
      textRef.current?.focus();
      return;
    }
    onSend({ text: text.trim(), files: [...attachments.files] });
    // The outbox keeps the message now: the draft goes.
    draft.clear();
    setEmptyError(false);
    setJustSent(true);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <form className={styles.composer} onSubmit={onSubmit} aria-label={t('compose.label')}>
      <DraftNote
        restored={draft.restored}
        filesNotKept={draft.filesNotKept}
        onDiscard={draft.clear}
      />
      <AttachedFiles
        files={attachments.files}
        refused={attachments.refused}
        tooLargeMessage={t('compose.fileTooLarge', { maxSizeMb: maxSizeMb ?? 0 })}
        onRemove={attachments.remove}
      />
      {emptyError ? (
        <p className={styles.hint} role="alert">
          {t('compose.empty')}
        </p>
      ) : null}
      <div className={styles.composeRow}>
        <label htmlFor={ids.text} className="visually-hidden">
          {t('compose.label')}
        </label>
        <textarea
          id={ids.text}
          ref={textRef}
          className={styles.textarea}
          rows={1}
          maxLength={5000}
          placeholder={t('compose.placeholder')}
          aria-describedby={ids.hint}
          value={text}
          onChange={(event) => {
            draft.set((value) => ({ ...value, text: event.target.value }));
            if (emptyError) setEmptyError(false);
          }}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" aria-label={t('compose.send')} title={t('compose.send')}>
          <ActionIcon name="send" size={18} />
        </Button>
      </div>
      <div className={styles.composeTools}>
        <FilePicker onPick={attachments.add} maxSizeMb={maxSizeMb} label={t('compose.attach')} />
        <span id={ids.hint} className={styles.keyHint}>
          {t('compose.hint')}
        </span>
      </div>
    </form>
  );
}
