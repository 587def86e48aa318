import { useSignals } from '@preact/signals-react/runtime';
import type { FetchStatus } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useOnlineStatus } from '../../lib/offline/online-status';
import { sessionReconnecting } from '../../lib/session/session-status';
import { Icon } from './icon';
import { syncedAtValues, useKeptDataNotice } from './offline-banner';
import { RetryButton } from './retry-button';
import styles from './status.module.css';

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
  /** Offered with a failed refresh; offline or reconnecting, the data refreshes by itself. */
  onRetry?: () => void;
}

/**
 * "Showing saved data · last synced at ...", on every screen that keeps data offline. While the
 * browser is offline or the session is reconnecting, the banner at the top of the page says it
 * once for every list on it (this notice hands it the time of its last sync); otherwise a
 * failed refresh is announced here at once (alert), with a retry.
 */
export function StaleNotice({ updatedAt, text, onRetry }: StaleNoticeProps) {
  useSignals();
  const { t } = useTranslation('common');
  const online = useOnlineStatus();
  const banner = !online || sessionReconnecting.value;
  useKeptDataNotice(banner, updatedAt);
  if (banner) return null;
  return (
    <div className={styles.stale} role="alert">
      <p className={styles.staleText}>
        <Icon name="alert" size={18} />
        <span>
          {text ?? t('stale.failed')}
          {updatedAt ? (
            <>
              {' '}
              <span className={styles.syncedAt}>{t('syncedAt', syncedAtValues(updatedAt))}</span>
            </>
          ) : null}
        </span>
      </p>
      {onRetry ? <RetryButton onRetry={onRetry} /> : null}
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
