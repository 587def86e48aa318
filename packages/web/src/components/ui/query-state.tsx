import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { Icon } from './icon';
import { Loading } from './loading';
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
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          <Icon name="refresh" size={16} />
          {t('retry')}
        </Button>
      ) : null}
    </div>
  );
}

export interface QueryStateProps<Data> {
  query: Pick<UseQueryResult<Data>, 'status' | 'data' | 'refetch'>;
  children: (data: Data) => ReactNode;
  /** Shown instead of the default 'Загрузка...' placeholder. */
  loading?: ReactNode;
  failedText?: string;
}

/** Every list has loading, loaded and failed states (product spec, section 4). */
export function QueryState<Data>({ query, children, loading, failedText }: QueryStateProps<Data>) {
  if (query.status === 'pending') return <>{loading ?? <Loading />}</>;
  if (query.status === 'error') {
    return <QueryFailed text={failedText} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data as Data)}</>;
}
