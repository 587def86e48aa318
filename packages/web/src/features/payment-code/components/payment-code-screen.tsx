import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state';
import { Loading } from '../../../components/ui/loading';
import { PickerField } from '../../../components/ui/picker-field';
import { QueryFailed } from '../../../components/ui/query-state';
import surface from '../../../components/ui/surface.module.css';
import { cx } from '../../../lib/format/class-names';
import { chosenOrFirst, offeredId, PLACEHOLDER_ID } from '../../../lib/ui-state/pickers';
import type { AcademicContext } from '../../../lib/academic-context/use-academic-context';
import type { AcademicYear } from '../../../lib/reference-data/current-year';
import { useStudentGroups } from '../../../lib/reference-data/student-groups';
import { useYears } from '../../../lib/reference-data/years';
import { usePaymentCode } from '../api/get-payment-code';
import { useStudyYears } from '../api/use-study-years';
import { useServices, type PaidService } from '../api/get-services';
import { formatAmount } from '../utils/format-amount';
import { PaymentCodeResult } from './payment-code-result';
import styles from './payment-code.module.css';

export interface PaymentCodeScreenProps {
  /** Person id of the student (for groups and the code). */
  studentId: number;
  /** The shell's academic context: the default year (asked once) and the chosen year. */
  academic: AcademicContext;
}

/**
 * The years and services must arrive before the pickers make sense; the default year only chooses
 * where the year picker starts, so when it fails the student picks the year themselves. The year
 * picker offers only the years in which the student was in a group: any other leads nowhere.
 */
export function PaymentCodeScreen({ studentId, academic }: PaymentCodeScreenProps) {
  const { t } = useTranslation('payment-code');
  const years = useYears();
  const studyYears = useStudyYears(years.data, studentId);
  const services = useServices();
  const { defaultYear } = academic;
  const startYearId = academic.chosenYear ?? defaultYear.data?.id_a_year ?? PLACEHOLDER_ID;

  let body;
  // Lists kept from an earlier visit stay usable when a refresh fails.
  if (
    (years.data === undefined && years.isError) ||
    (services.data === undefined && services.isError)
  ) {
    body = (
      <QueryFailed
        text={t('lists.failed')}
        error={years.isError ? years.error : services.error}
        onRetry={() => {
          if (years.isError) void years.refetch();
          if (services.isError) void services.refetch();
        }}
      />
    );
  } else if (years.isPending || services.isPending || defaultYear.isPending) {
    body = <Loading />;
  } else if (years.data.length === 0) {
    body = <EmptyState icon="calendar" text={t('lists.noYears')} />;
  } else if (studyYears.none) {
    body = <EmptyState icon="calendar" text={t('lists.noStudyYears')} />;
  } else if (services.data.length === 0) {
    body = <EmptyState icon="paymentcode" text={t('lists.noServices')} />;
  } else {
    body = (
      <PaymentCodeForm
        studentId={studentId}
        years={yearsShown(studyYears.years, years.data, startYearId, studyYears.pending)}
        yearsPending={studyYears.pending}
        services={services.data}
        startYearId={startYearId}
        onChooseYear={academic.choose.year}
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

/**
 * The year picker's options: the student's years of study; while some years are still being
 * asked about, the year the picker starts on stays in, so the picker does not flicker to ' --- '.
 */
function yearsShown(
  studyYears: readonly AcademicYear[],
  allYears: readonly AcademicYear[],
  startYearId: number,
  pending: boolean,
): AcademicYear[] {
  return allYears.filter(
    (year) => studyYears.includes(year) || (pending && year.id_a_year === startYearId),
  );
}

interface PaymentCodeFormProps {
  studentId: number;
  /** The years in which the student has a group (see useStudyYears). */
  years: readonly AcademicYear[];
  /** Some years are still being asked about: the year picker is busy. */
  yearsPending: boolean;
  services: readonly PaidService[];
  /** The year the shell holds: the user's choice, else the default year. */
  startYearId: number;
  /** A year chosen here becomes the shell's year (every section shares it). */
  onChooseYear: (id: number) => void;
}

function PaymentCodeForm({
  studentId,
  years,
  yearsPending,
  services,
  startYearId,
  onChooseYear,
}: PaymentCodeFormProps) {
  const { t, i18n } = useTranslation(['payment-code', 'common']);
  // The group starts on the student's first group that year (default year, then
  // groups, the first becoming active); null: untouched. The year is the shell's, unless the
  // student set this picker back to ' --- '.
  const [yearCleared, setYearCleared] = useState(false);
  const [chosenGroup, setChosenGroup] = useState<number | null>(null);
  const [chosenService, setChosenService] = useState<number>(PLACEHOLDER_ID);

  // The shell's year while it is one of the student's years, else the newest of them; with no
  // year to start on (the default year failed) the student picks one.
  const yearId =
    yearCleared || startYearId === PLACEHOLDER_ID
      ? PLACEHOLDER_ID
      : (chosenOrFirst(years, startYearId, (year) => year.id_a_year)?.id_a_year ?? PLACEHOLDER_ID);
  const groups = useStudentGroups(
    yearId === PLACEHOLDER_ID ? null : { id_a_year: yearId, id_student: studentId },
  );
  const groupList = groups.data ?? [];
  const groupId =
    chosenGroup === null
      ? (groupList[0]?.id_group ?? PLACEHOLDER_ID)
      : offeredId(groupList, chosenGroup, (group) => group.id_group);
  const serviceId = offeredId(services, chosenService, (service) => service.id_uslug);
  const service = services.find((item) => item.id_uslug === serviceId);

  const request =
    yearId !== PLACEHOLDER_ID && groupId !== PLACEHOLDER_ID && serviceId !== PLACEHOLDER_ID
      ? { id_year: yearId, id_group: groupId, id_student: studentId, id_uslug: serviceId }
      : null;
  const code = usePaymentCode(request);

  let groupHint: string | undefined;
  if (yearId === PLACEHOLDER_ID) groupHint = t('group.chooseYear');
  else if (groups.isPending) groupHint = t('common:loading');
  else if (groups.isSuccess && groupList.length === 0) groupHint = t('group.empty');

  return (
    <div className={styles.form}>
      <div className={cx(surface.card, styles.pickers)}>
        <PickerField
          label={t('fields.year')}
          value={yearId}
          options={years.map((year) => ({ id: year.id_a_year, name: year.name }))}
          busy={yearsPending}
          hint={t('fields.yearHint')}
          onChange={(id) => {
            setYearCleared(id === PLACEHOLDER_ID);
            if (id !== PLACEHOLDER_ID) onChooseYear(id);
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
            <QueryFailed
              text={t('group.failed')}
              error={groups.error}
              onRetry={() => void groups.refetch()}
            />
          ) : null}
        </PickerField>
        <PickerField
          className={styles.serviceField}
          label={t('fields.service')}
          value={serviceId}
          options={services.map((item) => ({ id: item.id_uslug, name: item.name }))}
          onChange={setChosenService}
          hint={
            service
              ? t('service.price', { amount: formatAmount(service.price, i18n.language) })
              : undefined
          }
        />
      </div>
      <PaymentCodeResult code={code} requested={request !== null} />
    </div>
  );
}
