import { referenceRead } from '../../../lib/reference-data/keys';
import type { RegistrationYear } from './get-registration-years';

/**
 * POST regfordisciplines/getdefyear: the year registration runs for; the year picker starts on it.
 * @public its query options stand beside its hook, as every read's do
 */
export const [getRegistrationDefaultYearQueryOptions, useRegistrationDefaultYear] = referenceRead(
  '/api/regfordisciplines/getdefyear',
  null as RegistrationYear | null,
  (uid: number) => ({ uid }),
);
