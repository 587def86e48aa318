import { useTranslation } from 'react-i18next';
import { SectionPage } from '../../../components/ui/page-header';
import { isStudent } from '../../../lib/session/roles';
import { useShellSession } from '../../../lib/session/shell-session';
import { PaymentCodeScreen } from './payment-code-screen';
import { StudentsOnlyNotice } from './students-only-notice';

/** /lms/paymentcode: a student's code for a paid service; teachers are told why there is none. */
export function PaymentCodeRoute() {
  const { t } = useTranslation('payment-code');
  const { user, academic } = useShellSession();
  return (
    <SectionPage title={t('title')} icon="paymentcode">
      {isStudent(user) ? (
        <PaymentCodeScreen studentId={user.id} academic={academic} />
      ) : (
        <StudentsOnlyNotice />
      )}
    </SectionPage>
  );
}
