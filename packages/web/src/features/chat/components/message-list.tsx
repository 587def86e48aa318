import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../../lib/offline/outbox/outbox';
import type { ChatSend } from '../api/send-message';
import type { ChatMessage } from '../utils/conversation';
import type { ChatThread } from '../utils/thread';
import { dividerStartOf, openingRow, threadRows, type ThreadRow } from '../utils/thread-rows';
import { AcceptedBubble, MessageBubble } from './message-bubble';
import { PendingBubble } from './pending-bubble';
import styles from './chat.module.css';

export interface MessageListProps {
  thread: ChatThread;
  pending: readonly OutboxEntry<ChatSend>[];
  isGroup: boolean;
  /** Loads the page before the oldest held message; resolves to how many arrived. */
  loadOlder: () => Promise<number>;
  /** Marks one message addressed to the reader read. */
  onRead: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  onOpenPhoto: (photo: { name: string; url: string }) => void;
  onRetry: (entry: OutboxEntry<ChatSend>) => void;
  onDiscard: (entry: OutboxEntry<ChatSend>) => void;
  onCancel: (entry: OutboxEntry<ChatSend>) => void;
}

/** Within this distance of the top, older messages load; of the bottom, new ones keep it in view. */
const EDGE_PX = 160;

type OlderState = 'idle' | 'loading' | 'failed';

/**
 * Loading the page before the oldest held message without moving what is in view: the first
 * message in view (and where) is kept before the page is asked, and put back where the reader saw
 * it once the page is prepended. Still at the top after a page arrived (a short page, a tall
 * screen), the next one loads too.
 */
function useOlderMessages({
  scrollRef,
  virtualizer,
  rows,
  hasOlder,
  loadOlder,
  openedRef,
}: {
  scrollRef: RefObject<HTMLDivElement | null>;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  rows: readonly ThreadRow[];
  hasOlder: boolean;
  loadOlder: () => Promise<number>;
  /** The list has opened at its first row. */
  openedRef: RefObject<boolean>;
}) {
  const [olderState, setOlderState] = useState<OlderState>('idle');
  // The row that was first in view (and where) before older messages were prepended.
  const anchorRef = useRef<{ key: string; offset: number } | null>(null);

  const firstKey = rows[0]?.key;
  useLayoutEffect(() => {
    const anchor = anchorRef.current;
    if (!anchor) return;
    anchorRef.current = null;
    const index = rows.findIndex((row) => row.key === anchor.key);
    const item = index >= 0 ? virtualizer.measurementsCache[index] : undefined;
    if (item) virtualizer.scrollToOffset(item.start - anchor.offset);
  }, [firstKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const requestOlder = () => {
    const element = scrollRef.current;
    if (!element || olderState === 'loading' || !hasOlder) return;
    // The anchor is the first message in view (the divider may move to the top of the new page).
    const first = virtualizer
      .getVirtualItems()
      .find((item) => item.end > element.scrollTop && rows[item.index]?.kind === 'message');
    if (first)
      anchorRef.current = { key: String(first.key), offset: first.start - element.scrollTop };
    setOlderState('loading');
    loadOlder().then(
      () => setOlderState('idle'),
      () => {
        anchorRef.current = null;
        setOlderState('failed');
      },
    );
  };

  useEffect(() => {
    const element = scrollRef.current;
    if (olderState === 'idle' && element && element.scrollTop < EDGE_PX && openedRef.current) {
      requestOlder();
    }
  }, [olderState, firstKey]); // eslint-disable-line react-hooks/exhaustive-deps

  return { olderState, requestOlder };
}

/** Above the messages: older ones loading, failed to load (with a retry), or the beginning. */
function ListNotes({
  olderState,
  atBeginning,
  onRetryOlder,
}: {
  olderState: OlderState;
  atBeginning: boolean;
  onRetryOlder: () => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <>
      {olderState === 'loading' ? <p className={styles.listNote}>{t('loadingOlder')}</p> : null}
      {olderState === 'failed' ? (
        <p className={styles.listNote} role="alert">
          {t('olderFailed')}{' '}
          <button type="button" className={styles.metaButton} onClick={onRetryOlder}>
            {t('outbox.retry')}
          </button>
        </p>
      ) : null}
      {atBeginning ? <p className={styles.listNote}>{t('beginning')}</p> : null}
    </>
  );
}

/**
 * The conversation, oldest first, virtualised so a long history keeps few nodes in the page. It
 * opens at the unread divider (else the newest message), loads older pages when scrolled to the
 * top without moving what is in view, follows new messages while the reader is at the bottom,
 * and marks unread messages read as they come into view.
 */
export function MessageList(props: MessageListProps) {
  const { thread, pending, loadOlder, onRead } = props;
  const { t } = useTranslation('chat');
  const scrollRef = useRef<HTMLDivElement>(null);
  // The divider marks what was unread when the conversation opened, and stays while it is read.
  const [dividerStart] = useState(() => dividerStartOf(thread));
  const rows = threadRows(thread.messages, dividerStart, pending, thread.accepted);
  // The portal is not built with the React Compiler, so nothing memoises the virtualizer's API.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 76,
    overscan: 6,
    getItemKey: (index) => rows[index]?.key ?? index,
  });
  const openedRef = useRef(false);
  const atBottomRef = useRef(true);

  // Open at the unread divider or the newest message, once the rows first exist. Opened at the
  // divider, the reader is not at the end: new rows do not pull the view away from it.
  useLayoutEffect(() => {
    if (openedRef.current || rows.length === 0) return;
    openedRef.current = true;
    const index = openingRow(rows);
    const atDivider = rows[index]?.kind === 'divider';
    atBottomRef.current = !atDivider;
    virtualizer.scrollToIndex(index, { align: atDivider ? 'start' : 'end' });
  });

  // New rows at the end (a new message, a pending one) stay in view while the reader is at the end.
  const lastKey = rows.at(-1)?.key;
  useEffect(() => {
    if (openedRef.current && atBottomRef.current && rows.length > 0) {
      virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    }
  }, [lastKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const { olderState, requestOlder } = useOlderMessages({
    scrollRef,
    virtualizer,
    rows,
    hasOlder: thread.hasOlder,
    loadOlder,
    openedRef,
  });

  const visibleItems = virtualizer.getVirtualItems();
  useReadInView(scrollRef, thread, onRead);

  return (
    <div
      ref={scrollRef}
      className={styles.list}
      role="log"
      aria-label={t('listLabel')}
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        atBottomRef.current =
          element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
        if (element.scrollTop < EDGE_PX && olderState === 'idle') requestOlder();
      }}
    >
      <ListNotes
        olderState={olderState}
        atBeginning={!thread.hasOlder && thread.messages.length > 0}
        onRetryOlder={requestOlder}
      />
      <div className={styles.listInner} style={{ height: virtualizer.getTotalSize() }}>
        {visibleItems.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={item.key}
              ref={virtualizer.measureElement}
              data-index={item.index}
              data-read-id={
                row.kind === 'message' && !row.message.ismine ? row.message.id_message : undefined
              }
              className={styles.row}
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <Row {...props} row={row} />
            </div>
          );
        })}
      </div>
    </div>
  );
}

function Row({ row, isGroup, ...props }: { row: ThreadRow } & MessageListProps) {
  const { t } = useTranslation('chat');
  if (row.kind === 'divider') {
    return <p className={styles.divider}>{t('unreadDivider')}</p>;
  }
  if (row.kind === 'accepted') return <AcceptedBubble message={row.message} />;
  if (row.kind === 'pending') {
    return (
      <PendingBubble
        entry={row.entry}
        onRetry={props.onRetry}
        onDiscard={props.onDiscard}
        onCancel={props.onCancel}
      />
    );
  }
  return (
    <MessageBubble
      message={row.message}
      showAuthor={isGroup}
      onDelete={props.onDelete}
      onOpenPhoto={props.onOpenPhoto}
    />
  );
}

/** A message counts as seen once this share of it (or of the list's height, if taller) is in view. */
const SEEN_SHARE = 0.5;

/**
 * Unread messages addressed to the reader are read once they are seen: an IntersectionObserver on
 * the list watches the rows of the other side's messages as the virtual list mounts them, keeps
 * which are in view, and reads each unread one (from the unread start on, while any is unread)
 * once. What is in view is looked at again when the unread state changes (a new message arrived).
 */
function useReadInView(
  scrollRef: RefObject<HTMLDivElement | null>,
  thread: ChatThread,
  onRead: (message: ChatMessage) => void,
) {
  const inView = useRef(new Set<number>());
  const sent = useRef(new Set<number>());
  const observerRef = useRef<IntersectionObserver | null>(null);

  const readSeen = useEffectEvent(() => {
    if (thread.unreadTotal === 0 || thread.unreadStart === null) return;
    const start = thread.unreadStart;
    for (const message of thread.messages) {
      const id = message.id_message;
      if (message.ismine || id < start || !inView.current.has(id) || sent.current.has(id)) {
        continue;
      }
      sent.current.add(id);
      onRead(message);
    }
  });

  useEffect(() => {
    const root = scrollRef.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          // A row the virtual list let go is watched no more.
          if (!entry.target.isConnected) observer.unobserve(entry.target);
          const id = Number((entry.target as HTMLElement).dataset.readId);
          const visible = entry.intersectionRect.height;
          const seen =
            entry.isIntersecting &&
            (entry.intersectionRatio >= SEEN_SHARE ||
              visible >= (entry.rootBounds?.height ?? Infinity) * SEEN_SHARE);
          if (seen) inView.current.add(id);
          else inView.current.delete(id);
        }
        readSeen();
      },
      { root, threshold: [0, 0.25, SEEN_SHARE, 0.75, 1] },
    );
    observerRef.current = observer;
    return () => {
      observer.disconnect();
      observerRef.current = null;
    };
  }, [scrollRef]);

  // After every render the rows the virtual list mounted are watched (watching twice is a no-op).
  useEffect(() => {
    const root = scrollRef.current;
    const observer = observerRef.current;
    if (!root || !observer) return;
    for (const row of root.querySelectorAll<HTMLElement>('[data-read-id]')) observer.observe(row);
  });

  // A changed unread state (new messages, a count corrected) may make a message in view unread.
  useEffect(() => readSeen(), [thread.unreadStart, thread.unreadTotal, thread.messages]);
}
