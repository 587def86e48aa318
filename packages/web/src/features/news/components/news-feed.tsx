import { parseNewsAuthor } from '@lms/client';
import { formatNewsDate, formatNewsTime } from '@lms/i18n/dates';
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { DeleteConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FailureMessage, useFailureDetail } from '../../../components/ui/failure-message';
import { QueryState } from '../../../components/ui/query-state';
import surface from '../../../components/ui/surface.module.css';
import { cx } from '../../../lib/class-names';
import { isMobile } from '../../../lib/viewport';
import { useDeleteNews } from '../api/delete-news';
import { useClearContactsOnLoad } from '../../../lib/academic-context/use-clear-contacts';
import { useNewsFeed, type NewsFeed as NewsFeedData, type NewsItem } from '../api/get-news';
import type { NewsReader } from '../api/news-keys';
import { NewsCard } from './news-card';
import styles from './news.module.css';

/** The loaded pages as one list; an item that slid across a page boundary shows once. */
export function flattenFeed(feed: NewsFeedData): NewsItem[] {
  const seen = new Set<number>();
  const items: NewsItem[] = [];
  for (const page of feed.pages) {
    for (const item of page) {
      if (seen.has(item.id_eventMessage)) continue;
      seen.add(item.id_eventMessage);
      items.push(item);
    }
  }
  return items;
}

export interface NewsFeedProps {
  reader: NewsReader;
  /** The reader has newsPerms. */
  canDelete: boolean;
}

/** The feed: pages from 1, 'load more' appending current + 1, deletion after a confirmation. */
export function NewsFeed({ reader, canDelete }: NewsFeedProps) {
  useSignals();
  const { t } = useTranslation(['news', 'common']);
  const headingId = useId();
  const feed = useNewsFeed(reader);
  useClearContactsOnLoad(feed.isSuccess);
  const deletion = useDeleteNews();
  const failureDetail = useFailureDetail();
  const [confirming, setConfirming] = useState<NewsItem | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfterDialog = useRef<HTMLElement | null>(null);

  // Nothing outside a modal dialog takes the focus while it is open, so it moves once it has closed.
  useEffect(() => {
    if (confirming) return;
    focusAfterDialog.current?.focus();
    focusAfterDialog.current = null;
  }, [confirming]);

  const askToDelete = (item: NewsItem, opener: HTMLButtonElement) => {
    deletion.reset();
    openerRef.current = opener;
    setAnnouncement('');
    setConfirming(item);
  };
  const cancelDelete = () => {
    focusAfterDialog.current = openerRef.current;
    setConfirming(null);
  };
  const confirmDelete = () => {
    if (!confirming) return;
    deletion.mutate(
      { id: confirming.id_eventMessage, role: reader.role, message: confirming.message },
      {
        onSuccess: () => {
          // The button that opened the dialog is gone with its item; the list takes the focus.
          focusAfterDialog.current = listRef.current;
          setConfirming(null);
          setAnnouncement(t('delete.done'));
        },
      },
    );
  };
  const deleteError = deletion.isError
    ? {
        title: t('delete.failed'),
        detail: failureDetail(deletion.error, { notFound: t('errors.notFound') }),
        error: deletion.error,
      }
    : null;

  return (
    <section className={styles.feed} aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        {t('feed.heading')}
      </h2>
      {/* A failed 'load more' or background refresh leaves the loaded items on screen. */}
      <QueryState query={feed} failedText={t('feed.failed')}>
        {(data) => {
          const items = flattenFeed(data);
          if (items.length === 0) return <EmptyState icon="news" text={t('feed.empty')} />;
          return (
            <>
              <ol
                ref={listRef}
                className={cx(surface.bareList, styles.list)}
                tabIndex={-1}
                aria-label={t('feed.heading')}
              >
                {items.map((item) => (
                  <li key={item.id_eventMessage}>
                    <NewsCard
                      item={item}
                      compact={isMobile.value}
                      canDelete={canDelete}
                      onDelete={askToDelete}
                    />
                  </li>
                ))}
              </ol>
              <div className={styles.more}>
                {feed.isFetchNextPageError ? (
                  <FailureMessage title={t('feed.loadMoreFailed')} error={feed.error} />
                ) : null}
                {feed.hasNextPage ? (
                  <Button
                    variant="secondary"
                    onClick={() => void feed.fetchNextPage()}
                    disabled={feed.isFetchingNextPage}
                    aria-busy={feed.isFetchingNextPage}
                  >
                    {feed.isFetchingNextPage ? t('common:loading') : t('feed.loadMore')}
                  </Button>
                ) : data.pages.length > 1 ? (
                  <p className={surface.note}>{t('feed.end')}</p>
                ) : null}
              </div>
            </>
          );
        }}
      </QueryState>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {confirming ? (
        <DeleteConfirmDialog
          title={t('delete.title')}
          text={t('delete.text')}
          confirmLabel={t('delete.confirm')}
          pendingLabel={t('delete.pending')}
          pending={deletion.isPending}
          error={deleteError}
          onConfirm={confirmDelete}
          onCancel={cancelDelete}
        >
          <DeletePreview item={confirming} />
        </DeleteConfirmDialog>
      ) : null}
    </section>
  );
}

const PREVIEW_LENGTH = 160;

/** The item about to be deleted, as the dialog quotes it: its text (cut) and who wrote it when. */
function DeletePreview({ item }: { item: NewsItem }) {
  const author = parseNewsAuthor(item.author);
  const preview = Array.from(item.message);
  return (
    <figure className={styles.quote}>
      <blockquote>
        {preview.length > PREVIEW_LENGTH
          ? `${preview.slice(0, PREVIEW_LENGTH).join('')}…`
          : item.message}
      </blockquote>
      <figcaption>
        {author.short} · {formatNewsDate(item.created)} {formatNewsTime(item.created)}
      </figcaption>
    </figure>
  );
}
