import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { usePageTitle } from '../../../lib/page-chrome';
import { isStudent } from '../../../lib/roles';
import { useShellSession } from '../../../lib/shell-session';
import { PaymentCodeScreen } from './payment-code-screen';
import { StudentsOnlyNotice } from './students-only-notice';

/** /lms/paymentcode: a student's code for a paid service; teachers are told why there is none. */
export function PaymentCodeRoute() {
  const { t } = useTranslation('payment-code');
  const { user, academic } = useShellSession();
  const title = t('title');
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} icon="paymentcode" />
      {isStudent(user) ? (
        <PaymentCodeScreen studentId={user.id} academic={academic} />
      ) : (
        <StudentsOnlyNotice />
      )}
    </>
  );
}
