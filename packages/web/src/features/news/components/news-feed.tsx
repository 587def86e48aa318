import { parseNewsAuthor } from '@lms/client';
import { formatNewsDate, formatNewsTime } from '@lms/i18n/dates';
import { useSignals } from '@preact/signals-react/runtime';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { DeleteConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { FailureMessage } from '../../../components/ui/failure-message';
import { QueryState } from '../../../components/ui/query-state';
import surface from '../../../components/ui/surface.module.css';
import { cx } from '../../../lib/format/class-names';
import { isMobile } from '../../../lib/ui-state/viewport';
import { useClearContactsOnLoad } from '../../../lib/academic-context/use-clear-contacts';
import { useNewsFeed, type NewsFeed as NewsFeedData, type NewsItem } from '../api/get-news';
import type { NewsReader } from '../api/news-keys';
import { NewsCard } from './news-card';
import { useNewsDeletion } from './use-news-deletion';
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

/** After the list: a failed 'load more', the button that loads the next page, or the feed's end. */
function MoreNews({ feed, pages }: { feed: ReturnType<typeof useNewsFeed>; pages: number }) {
  const { t } = useTranslation(['news', 'common']);
  return (
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
      ) : pages > 1 ? (
        <p className={surface.note}>{t('feed.end')}</p>
      ) : null}
    </div>
  );
}

/** The feed: pages from 1, 'load more' appending current + 1, deletion after a confirmation. */
export function NewsFeed({ reader, canDelete }: NewsFeedProps) {
  useSignals();
  const { t } = useTranslation(['news', 'common']);
  const headingId = useId();
  const feed = useNewsFeed(reader);
  useClearContactsOnLoad(feed.isSuccess);
  const listRef = useRef<HTMLOListElement>(null);
  const deletion = useNewsDeletion(reader, listRef);
  const { confirming } = deletion;

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
                      onDelete={deletion.ask}
                    />
                  </li>
                ))}
              </ol>
              <MoreNews feed={feed} pages={data.pages.length} />
            </>
          );
        }}
      </QueryState>
      <p role="status" className="visually-hidden">
        {deletion.announcement}
      </p>
      {confirming ? (
        <DeleteConfirmDialog
          title={t('delete.title')}
          text={t('delete.text')}
          confirmLabel={t('delete.confirm')}
          pendingLabel={t('delete.pending')}
          pending={deletion.pending}
          error={deletion.error}
          onConfirm={deletion.confirm}
          onCancel={deletion.cancel}
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
