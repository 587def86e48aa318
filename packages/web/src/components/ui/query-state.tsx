import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';
import { Loading } from './loading';
import { RetryButton } from './retry-button';
import { QueryStaleNotice } from './stale-notice';
import { cx } from '../../lib/class-names';
import styles from './status.module.css';
import surface from './surface.module.css';

export interface QueryFailedProps {
  onRetry?: () => void;
  text?: string;
}

/** A feature's "failed" state: the reason in words and a way to try again. */
export function QueryFailed({ onRetry, text }: QueryFailedProps) {
  const { t } = useTranslation();
  return (
    <div className={cx(surface.alert, styles.failed)} role="alert">
      <p className={styles.failedTitle}>
        <Icon name="alert" size={18} />
        {text ?? t('queryFailed')}
      </p>
      {onRetry ? <RetryButton onRetry={onRetry} /> : null}
    </div>
  );
}

/**
 * A query failed with nothing to show: its failed state. With data (kept from an earlier visit, or
 * loaded before a refresh failed) the data stays on screen with a `StaleNotice` instead.
 */
export const failedWithoutData = (query: { data: unknown; isError: boolean }) =>
  query.data === undefined && query.isError;

export interface QueryStateProps<Data> {
  query: Pick<
    UseQueryResult<Data>,
    'status' | 'data' | 'refetch' | 'dataUpdatedAt' | 'isRefetchError' | 'fetchStatus'
  >;
  children: (data: Data) => ReactNode;
  /** Shown instead of the default 'Загрузка...' placeholder. */
  loading?: ReactNode;
  failedText?: string;
}

/**
 * Every list has loading, loaded and failed states (product spec, section 4). Data kept from an
 * earlier visit stays on screen when a refresh fails or waits for the network, with when it was
 * last synced.
 */
export function QueryState<Data>({ query, children, loading, failedText }: QueryStateProps<Data>) {
  if (query.status === 'pending') return <>{loading ?? <Loading />}</>;
  if (query.data === undefined) {
    return <QueryFailed text={failedText} onRetry={() => void query.refetch()} />;
  }
  return (
    <>
      <QueryStaleNotice query={query} />
      {children(query.data)}
    </>
  );
}
