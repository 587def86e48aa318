import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FailureDetails, useFailureDetail } from './failure-message';
import { Icon } from './icon';
import { Loading } from './loading';
import { RetryButton } from './retry-button';
import { QueryStaleNotice } from './stale-notice';
import { cx } from '../../lib/format/class-names';
import styles from './status.module.css';
import surface from './surface.module.css';

export interface QueryFailedProps {
  onRetry?: () => void;
  /** What failed to load ('Не удалось загрузить расписание'); 'Не удалось загрузить данные' by default. */
  text?: string;
  /**
   * Why: the query's error. Its class is said in words under the title ('Сервер не ответил
   * вовремя.'), and the server's own text, if any, only behind 'Подробнее'.
   */
  error?: unknown;
}

/** A feature's "failed" state: what failed, why in words, the server's details, a way to try again. */
export function QueryFailed({ onRetry, text, error }: QueryFailedProps) {
  const { t } = useTranslation();
  const failureDetail = useFailureDetail();
  const reason = error === undefined ? '' : failureDetail(error);
  return (
    <div className={cx(surface.alert, styles.failed)} role="alert">
      <p className={styles.failedTitle}>
        <Icon name="alert" size={18} />
        {text ?? t('queryFailed')}
      </p>
      {reason ? <p>{reason}</p> : null}
      {error === undefined ? null : <FailureDetails error={error} />}
      {onRetry ? <RetryButton onRetry={onRetry} /> : null}
    </div>
  );
}

/**
 * A query failed with nothing to show: its failed state (kept while a background retry runs;
 * 'Повторить' starts afresh, so 'Загрузка...' shows). With data (kept from an earlier visit, or
 * loaded before a refresh failed) the data stays on screen with a `StaleNotice` instead.
 */
export const failedWithoutData = (query: { data: unknown; isError: boolean }) =>
  query.data === undefined && query.isError;

export interface QueryStateProps<Data> {
  query: Pick<
    UseQueryResult<Data>,
    'status' | 'data' | 'error' | 'refetch' | 'dataUpdatedAt' | 'isRefetchError' | 'fetchStatus'
  >;
  children: (data: Data) => ReactNode;
  /** Shown instead of the default 'Загрузка...' placeholder. */
  loading?: ReactNode;
  failedText?: string;
}

/**
 * Every list has loading, loaded and failed states. Data kept from an
 * earlier visit stays on screen when a refresh fails or waits for the network, with when it was
 * last synced.
 */
export function QueryState<Data>({ query, children, loading, failedText }: QueryStateProps<Data>) {
  if (query.status === 'pending') return <>{loading ?? <Loading />}</>;
  if (query.data === undefined) {
    return (
      <QueryFailed text={failedText} error={query.error} onRetry={() => void query.refetch()} />
    );
  }
  return (
    <>
      <QueryStaleNotice query={query} />
      {children(query.data)}
    </>
  );
}
