import type { FetchStatus } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../lib/online-status';
import { Icon } from './icon';
import { RetryButton } from './retry-button';
import styles from './status.module.css';

// The same DD.MM.YYYY and H:mm as @lms/i18n/dates, by the browser's Intl: the notice sits in the
// way in's chunk (app/way-in.ts), which dayjs would push past its size budget.
const DATE = new Intl.DateTimeFormat('ru-RU', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const TIME = new Intl.DateTimeFormat('ru-RU', { hour: 'numeric', minute: '2-digit' });

/** What a query tells about the data it shows. */
export interface SyncedQuery {
  data: unknown;
  dataUpdatedAt: number;
  isRefetchError: boolean;
  fetchStatus: FetchStatus;
  refetch: () => unknown;
}

/**
 * Data shown that may be out of date: kept from an earlier visit while the browser is offline (or
 * the query waits for the network), or the last refresh failed.
 */
export function useIsStale(query: SyncedQuery): boolean {
  const online = useOnlineStatus();
  return (
    query.data !== undefined &&
    query.dataUpdatedAt > 0 &&
    (!online || query.fetchStatus === 'paused' || query.isRefetchError)
  );
}

export interface StaleNoticeProps {
  /** When the data shown was last fetched (ms); left out where the screen shows it itself. */
  updatedAt?: number;
  /** What is shown instead of fresh data; the default names no screen. */
  text?: string;
  /** Offered while the browser is online; offline, the data refreshes when the network returns. */
  onRetry?: () => void;
}

/**
 * "Showing saved data · last synced at ...", on every screen that keeps data offline. A failed
 * refresh is announced at once (alert); offline, the banner has said it already (status).
 */
export function StaleNotice({ updatedAt, text, onRetry }: StaleNoticeProps) {
  const { t } = useTranslation('common');
  const online = useOnlineStatus();
  return (
    <div className={styles.stale} role={online ? 'alert' : 'status'}>
      <p className={styles.staleText}>
        <Icon name={online ? 'alert' : 'offline'} size={18} />
        <span>
          {text ?? t(online ? 'stale.failed' : 'stale.offline')}
          {updatedAt ? (
            <>
              {' '}
              <span className={styles.syncedAt}>
                {t('syncedAt', { date: DATE.format(updatedAt), time: TIME.format(updatedAt) })}
              </span>
            </>
          ) : null}
        </span>
      </p>
      {online && onRetry ? <RetryButton onRetry={onRetry} /> : null}
    </div>
  );
}

/** The notice for one query, shown only while its data is stale. */
export function QueryStaleNotice({ query, text }: { query: SyncedQuery; text?: string }) {
  const stale = useIsStale(query);
  if (!stale) return null;
  return (
    <StaleNotice updatedAt={query.dataUpdatedAt} text={text} onRetry={() => void query.refetch()} />
  );
}
