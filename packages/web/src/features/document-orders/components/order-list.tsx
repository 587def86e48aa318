import { formatDate, formatTime } from '@lms/i18n/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { useFailureDetail } from '../../../components/ui/failure-message';
import { Icon } from '../../../components/ui/icon';
import { ListHeading } from '../../../components/ui/list-heading';
import { QueryState } from '../../../components/ui/query-state';
import surface from '../../../components/ui/surface.module.css';
import { buttonClassName } from '../../../components/ui/button';
import { SuccessNotice } from '../../../components/ui/success-notice';
import { isLmsError } from '@lms/client';
import { useCancelOrder } from '../api/cancel-order';
import { useOrders, type Order } from '../api/get-orders';
import { canCancel, isInProgress } from '../utils/order-status';
import styles from './document-orders.module.css';

/**
 * The user's orders, newest first: document, where it is received, when it was ordered and its
 * status; a waiting one can be cancelled after confirmation. Statuses follow by themselves.
 */
export function OrderList({ uid }: { uid: number }) {
  const { t } = useTranslation('document-orders');
  const failureDetail = useFailureDetail();
  const orders = useOrders(uid);
  const cancel = useCancelOrder(uid);
  const [confirming, setConfirming] = useState<Order | null>(null);
  const [notice, setNotice] = useState('');
  const list = orders.data ?? [];

  return (
    <section className={surface.stack} aria-labelledby="orders-heading">
      <ListHeading
        id="orders-heading"
        title={t('orders')}
        count={orders.data ? t('ordersCount', { count: list.length }) : undefined}
      />
      {list.some((order) => isInProgress(order.status)) ? (
        <p className={styles.hint}>
          <Icon name="refresh" size={16} />
          {t('updates')}
        </p>
      ) : null}
      <SuccessNotice>{notice}</SuccessNotice>
      <QueryState query={orders}>
        {(items) =>
          items.length === 0 ? (
            <EmptyState icon="singlewindow" text={t('empty')} />
          ) : (
            <ul className={styles.orders} aria-label={t('orders')}>
              {items.map((order) => (
                <li key={order.id_order} className={styles.order}>
                  <div className={styles.orderTop}>
                    <h3 className={styles.orderTitle}>{order.docName}</h3>
                    <span className={styles.badge} data-status={order.status}>
                      {t(`statuses.${order.status}`)}
                    </span>
                  </div>
                  <dl className={styles.facts}>
                    <div>
                      <dt>{t('place')}</dt>
                      <dd>
                        {order.regionName}, {order.districtName}
                      </dd>
                    </div>
                    <div>
                      <dt>{t('orderedAt')}</dt>
                      <dd>
                        <time dateTime={order.created}>
                          {formatDate(order.created)} {formatTime(order.created)}
                        </time>
                      </dd>
                    </div>
                    <div>
                      <dt>{t('count')}</dt>
                      <dd>{order.count}</dd>
                    </div>
                  </dl>
                  {order.comment ? <p className={styles.comment}>{order.comment}</p> : null}
                  {canCancel(order.status) ? (
                    <div className={styles.orderActions}>
                      <button
                        type="button"
                        className={buttonClassName('secondary')}
                        aria-label={t('cancelLabel', { name: order.docName })}
                        onClick={() => {
                          cancel.reset();
                          setNotice('');
                          setConfirming(order);
                        }}
                      >
                        <Icon name="close" size={16} />
                        {t('cancel')}
                      </button>
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      {confirming ? (
        <ConfirmDialog
          title={t('confirmCancel.title')}
          text={t('confirmCancel.text')}
          confirmLabel={t('confirmCancel.confirm')}
          cancelLabel={t('confirmCancel.keep')}
          pendingLabel={t('confirmCancel.pending')}
          danger
          icon={<Icon name="close" size={22} />}
          pending={cancel.isPending}
          error={
            cancel.isError
              ? {
                  title: t('confirmCancel.failed'),
                  detail:
                    isLmsError(cancel.error) && cancel.error.status === 403
                      ? t('confirmCancel.notWaiting')
                      : failureDetail(cancel.error),
                  error: cancel.error,
                }
              : null
          }
          onCancel={() => setConfirming(null)}
          onConfirm={() =>
            cancel.mutate(confirming.id_order, {
              onSuccess: () => {
                setConfirming(null);
                setNotice(t('canceledNotice'));
              },
            })
          }
        >
          <p className={styles.quote}>{confirming.docName}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
