import { dayjs } from '@lms/i18n/dates';

/** Today's date on this device as YYYY-MM-DD (the lesson date the roll call starts on). */
export const todayIso = (): string => dayjs().format('YYYY-MM-DD');
