import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { QueryFailed } from '../../../components/ui/query-state';
import { useDefaultYear } from '../api/get-default-year';
import { useGroups } from '../api/get-groups';
import { usePaymentCode } from '../api/get-payment-code';
import { useUslugi, type Usluga } from '../api/get-uslugi';
import { useYears, type AcademicYear } from '../api/get-years';
import { formatAmount } from '../utils/format-amount';
import { offeredId, PLACEHOLDER_ID } from '../utils/pickers';
import { PaymentCodeResult } from './payment-code-result';
import { PickerField } from './picker-field';
import styles from './payment-code.module.css';

export interface PaymentCodeScreenProps {
  /** Account id (for the default year). */
  uid: number;
  /** Person id of the student (for groups and the code). */
  studentId: number;
}

/**
 * The years and services must arrive before the pickers make sense; the default year only chooses
 * where the year picker starts, so when it fails the student picks the year themselves.
 */
export function PaymentCodeScreen({ uid, studentId }: PaymentCodeScreenProps) {
  const { t } = useTranslation('payment-code');
  const years = useYears();
  const uslugi = useUslugi();
  const defaultYear = useDefaultYear({ uid });

  let body;
  if (years.isError || uslugi.isError) {
    body = (
      <QueryFailed
        text={t('lists.failed')}
        onRetry={() => {
          if (years.isError) void years.refetch();
          if (uslugi.isError) void uslugi.refetch();
        }}
      />
    );
  } else if (years.isPending || uslugi.isPending || defaultYear.isPending) {
    body = <Loading />;
  } else if (years.data.length === 0) {
    body = <EmptyState icon="calendar" text={t('lists.noYears')} />;
  } else if (uslugi.data.length === 0) {
    body = <EmptyState icon="paymentcode" text={t('lists.noServices')} />;
  } else {
    body = (
      <PaymentCodeForm
        studentId={studentId}
        years={years.data}
        uslugi={uslugi.data}
        defaultYearId={defaultYear.data?.id_a_year ?? PLACEHOLDER_ID}
      />
    );
  }

  return (
    <div className={styles.screen}>
      <p className={styles.intro}>{t('intro')}</p>
      {body}
    </div>
  );
}

interface PaymentCodeFormProps {
  studentId: number;
  years: readonly AcademicYear[];
  uslugi: readonly Usluga[];
  defaultYearId: number;
}

function PaymentCodeForm({ studentId, years, uslugi, defaultYearId }: PaymentCodeFormProps) {
  const { t, i18n } = useTranslation(['payment-code', 'common']);
  // null: untouched. The year starts on the current one; the group on the student's first group
  // that year (section 4: default year, then groups, the first becoming active).
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const [chosenGroup, setChosenGroup] = useState<number | null>(null);
  const [chosenUslug, setChosenUslug] = useState<number>(PLACEHOLDER_ID);

  const yearId = offeredId(years, chosenYear ?? defaultYearId, (year) => year.id_a_year);
  const groups = useGroups(
    yearId === PLACEHOLDER_ID ? null : { id_a_year: yearId, id_student: studentId },
  );
  const groupList = groups.data ?? [];
  const groupId =
    chosenGroup === null
      ? (groupList[0]?.id_group ?? PLACEHOLDER_ID)
      : offeredId(groupList, chosenGroup, (group) => group.id_group);
  const uslugId = offeredId(uslugi, chosenUslug, (usluga) => usluga.id_uslug);
  const usluga = uslugi.find((item) => item.id_uslug === uslugId);

  const request =
    yearId !== PLACEHOLDER_ID && groupId !== PLACEHOLDER_ID && uslugId !== PLACEHOLDER_ID
      ? { id_year: yearId, id_group: groupId, id_student: studentId, id_uslug: uslugId }
      : null;
  const code = usePaymentCode(request);

  let groupHint: string | undefined;
  if (yearId === PLACEHOLDER_ID) groupHint = t('group.chooseYear');
  else if (groups.isPending) groupHint = t('common:loading');
  else if (groups.isSuccess && groupList.length === 0) groupHint = t('group.empty');

  return (
    <>
      <div className={styles.pickers}>
        <PickerField
          label={t('fields.year')}
          value={yearId}
          options={years.map((year) => ({ id: year.id_a_year, name: year.name }))}
          onChange={(id) => {
            setChosenYear(id);
            // The groups belong to the year: another year starts with no group chosen.
            setChosenGroup(PLACEHOLDER_ID);
          }}
        />
        <PickerField
          label={t('fields.group')}
          value={groupId}
          options={groupList.map((group) => ({ id: group.id_group, name: group.name }))}
          onChange={setChosenGroup}
          disabled={!groups.isSuccess || groupList.length === 0}
          busy={groups.isFetching}
          hint={groupHint}
        >
          {groups.isError ? (
            <QueryFailed text={t('group.failed')} onRetry={() => void groups.refetch()} />
          ) : null}
        </PickerField>
        <PickerField
          className={styles.serviceField}
          label={t('fields.service')}
          value={uslugId}
          options={uslugi.map((item) => ({ id: item.id_uslug, name: item.name }))}
          onChange={setChosenUslug}
          hint={
            usluga
              ? t('service.price', { amount: formatAmount(usluga.price, i18n.language) })
              : undefined
          }
        />
      </div>
      <PaymentCodeResult code={code} requested={request !== null} />
    </>
  );
}
