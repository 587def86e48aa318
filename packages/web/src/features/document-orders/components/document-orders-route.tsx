import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageTitle } from '../../../lib/page-chrome';
import { useShellSession } from '../../../lib/shell-session';
import { OrderForm } from './order-form';
import { OrderList } from './order-list';
import styles from './document-orders.module.css';

/** /lms/singlewindow: order a certificate or document, and follow one's orders. */
export function DocumentOrdersRoute() {
  const { t } = useTranslation('document-orders');
  const { user } = useShellSession();
  const title = t('title');
  usePageTitle(title);
  return (
    <div className={styles.page}>
      <PageHeader title={title} icon="singlewindow" />
      <OrderForm user={user} />
      <OrderList uid={user.uid} />
    </div>
  );
}
