import { useTranslation } from 'react-i18next';
import { SectionPage } from '../../../components/ui/page-header';
import { useShellSession } from '../../../lib/session/shell-session';
import { OrderForm } from './order-form';
import { OrderList } from './order-list';
import styles from './document-orders.module.css';

/** /lms/singlewindow: order a certificate or document, and follow one's orders. */
export function DocumentOrdersRoute() {
  const { t } = useTranslation('document-orders');
  const { user } = useShellSession();
  return (
    <SectionPage title={t('title')} icon="singlewindow" className={styles.page}>
      <OrderForm user={user} />
      <OrderList uid={user.uid} />
    </SectionPage>
  );
}
