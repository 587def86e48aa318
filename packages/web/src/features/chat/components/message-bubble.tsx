import { buildDownloadUrl, parseNewsFiles } from '@lms/client';
import { formatNewsDate, formatNewsTime } from '@lms/i18n/dates';
import { useTranslation } from 'react-i18next';
import { ActionIcon } from '../../../components/ui/action-icons';
import { FileKindIcon } from '../../../components/ui/file-kind-icon';
import { truncateFileName } from '../../../lib/files/file-name';
import type { ChatMessage } from '../utils/conversation';
import type { AcceptedMessage } from '../utils/thread';
import { isPhoto, splitLinks } from '../utils/message-text';
import styles from './chat.module.css';

export interface MessageBubbleProps {
  message: ChatMessage;
  /** The group chat names each sender. */
  showAuthor: boolean;
  onDelete: (message: ChatMessage) => void;
  onOpenPhoto: (photo: { name: string; url: string }) => void;
}

/** Plain text with its web links made clickable (never HTML). */
export function MessageText({ text }: { text: string }) {
  if (!text) return null;
  return (
    <p className={styles.text}>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow">
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/** One message: text, photos as thumbnails, other files as links, its time, delete if own. */
export function MessageBubble({ message, showAuthor, onDelete, onOpenPhoto }: MessageBubbleProps) {
  const { t } = useTranslation('chat');
  const files = parseNewsFiles(message.files);
  const photos = files.filter(isPhoto);
  const documents = files.filter((name) => !isPhoto(name));
  const urlOf = (name: string) => buildDownloadUrl('chat', message.id_message, name);
  return (
    <div className={styles.bubbleRow} data-mine={message.ismine}>
      <article className={styles.bubble} data-message-id={message.id_message}>
        {showAuthor && !message.ismine && message.fio ? (
          <p className={styles.author}>{message.fio}</p>
        ) : null}
        <MessageText text={message.message} />
        {photos.length > 0 ? (
          <div className={styles.photos}>
            {photos.map((name) => (
              <button
                key={name}
                type="button"
                className={styles.photoButton}
                aria-label={t('photo.open', { name })}
                onClick={() => onOpenPhoto({ name, url: urlOf(name) })}
              >
                <img className={styles.thumb} src={urlOf(name)} alt="" loading="lazy" />
              </button>
            ))}
          </div>
        ) : null}
        {documents.length > 0 ? (
          <ul className={styles.files}>
            {documents.map((name) => (
              <li key={name}>
                <a className={styles.fileLink} href={urlOf(name)} download={name} title={name}>
                  <FileKindIcon name={name} size={24} />
                  <span>{truncateFileName(name)}</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        <div className={styles.meta}>
          <SentAt created={message.created} />
          {message.ismine ? (
            <button
              type="button"
              className={styles.metaButton}
              aria-label={t('delete.button')}
              title={t('delete.button')}
              onClick={() => onDelete(message)}
            >
              <ActionIcon name="trash" size={16} />
            </button>
          ) : null}
        </div>
      </article>
    </div>
  );
}

/**
 * A message of mine the server took, shown as sent from what was sent (its text, the names of its
 * files, the time it was taken) until a read of the conversation brings the server's copy.
 */
export function AcceptedBubble({ message }: { message: AcceptedMessage }) {
  return (
    <div className={styles.bubbleRow} data-mine="true">
      <article className={styles.bubble} data-testid="accepted-message">
        <MessageText text={message.text} />
        {message.fileNames.length > 0 ? (
          <ul className={styles.files}>
            {message.fileNames.map((name, index) => (
              <li key={`${index}-${name}`} className={styles.hint}>
                {name}
              </li>
            ))}
          </ul>
        ) : null}
        <div className={styles.meta}>
          <SentAt created={message.created} />
        </div>
      </article>
    </div>
  );
}

/** When a message was sent, as the chat writes it (the news's date and time). */
function SentAt({ created }: { created: string }) {
  return (
    <time dateTime={created}>
      {formatNewsDate(created)} {formatNewsTime(created)}
    </time>
  );
}
