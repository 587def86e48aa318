import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageTitle } from '../../../lib/page-chrome';
import { useShellSession } from '../../../lib/shell-session';
import { ROLE_STUDENT } from '../utils/pickers';
import { PaymentCodeScreen } from './payment-code-screen';
import { StudentsOnlyNotice } from './students-only-notice';

/** /lms/paymentcode: a student's code for a paid service; teachers are told why there is none. */
export function PaymentCodeRoute() {
  const { t } = useTranslation('payment-code');
  const { user } = useShellSession();
  const title = t('title');
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} icon="paymentcode" />
      {user.role === ROLE_STUDENT ? (
        <PaymentCodeScreen uid={user.uid} studentId={user.id} />
      ) : (
        <StudentsOnlyNotice />
      )}
    </>
  );
}
